// An all-quadrilateral mesh of an extrusion profile: the profile's quality triangulation (profile2d.ts) at twice
// the target size, each triangle split into three quadrilaterals through its centroid and side midpoints (every
// such quad is convex, so the mesh is valid by construction), then guarded Laplacian smoothing that moves an
// interior point only when the worst quad around it does not get worse.
import type { Vec2 } from "../geometry/types.js";
import { triangulateProfile } from "./profile2d.js";

export interface QuadProfileMesh {
  /** u, v per point. */
  points: Float64Array;
  /** Counter-clockwise quadrilaterals, 4 point indices each. */
  quads: Int32Array;
  /** Boundary segments, 2 point indices each, and the profile edge (1-based, as written) of each. */
  segments: Int32Array;
  segmentEdge: Int32Array;
}

export interface QuadQuality {
  count: number;
  /** Scaled Jacobian: the least over a quad's corners of the sine of the corner angle (1 for a rectangle). */
  min: number;
  mean: number;
  /** Quads below `threshold`. */
  below: number;
  threshold: number;
}

const SMOOTHING_SWEEPS = 6;

/**
 * `divisionsOf(edge)` (1-based edge as written) may fix how many parts a profile edge gets; it must be even
 * (each triangle side is halved). Without it an edge gets about length / size parts.
 */
export function quadProfile(profile: readonly Vec2[], size: number, signal?: AbortSignal, divisionsOf?: (edge: number) => number | undefined): QuadProfileMesh {
  const tri = triangulateProfile(profile, 2 * size, signal, divisionsOf ? (edge) => { const d = divisionsOf(edge); return d === undefined ? undefined : d / 2; } : undefined);
  const np = tri.points.length / 2;
  const nt = tri.triangles.length / 3;
  const pts: number[] = Array.from(tri.points);
  const mids = new Map<number, number>();
  const mid = (a: number, b: number) => {
    const key = Math.min(a, b) * np + Math.max(a, b);
    let m = mids.get(key);
    if (m === undefined) {
      m = pts.length / 2;
      pts.push((tri.points[2 * a] + tri.points[2 * b]) / 2, (tri.points[2 * a + 1] + tri.points[2 * b + 1]) / 2);
      mids.set(key, m);
    }
    return m;
  };
  // Boundary midpoints first so that the fixed points (boundary) are easy to tell: points on segments.
  const segments: number[] = [], segmentEdge: number[] = [];
  const fixed = new Set<number>();
  for (let s = 0; s < tri.segments.length / 2; s++) {
    const a = tri.segments[2 * s], b = tri.segments[2 * s + 1], m = mid(a, b);
    segments.push(a, m, m, b);
    segmentEdge.push(tri.segmentEdge[s], tri.segmentEdge[s]);
    fixed.add(a).add(b).add(m);
  }
  const quads: number[] = [];
  for (let t = 0; t < nt; t++) {
    const a = tri.triangles[3 * t], b = tri.triangles[3 * t + 1], c = tri.triangles[3 * t + 2];
    const g = pts.length / 2;
    pts.push((tri.points[2 * a] + tri.points[2 * b] + tri.points[2 * c]) / 3, (tri.points[2 * a + 1] + tri.points[2 * b + 1] + tri.points[2 * c + 1]) / 3);
    const ab = mid(a, b), bc = mid(b, c), ca = mid(c, a);
    quads.push(a, ab, g, ca, b, bc, g, ab, c, ca, g, bc);
  }
  const points = Float64Array.from(pts);
  const q = Int32Array.from(quads);
  smoothQuads(points, q, fixed);
  return { points, quads: q, segments: Int32Array.from(segments), segmentEdge: Int32Array.from(segmentEdge) };
}

/** Scaled Jacobian of quad k: least over its corners of cross(next - p, prev - p) / (|next - p| |prev - p|). */
export function quadScaledJacobian(p: Float64Array, quads: Int32Array, k: number): number {
  let least = Infinity;
  for (let c = 0; c < 4; c++) {
    const i = quads[4 * k + c], n = quads[4 * k + ((c + 1) & 3)], r = quads[4 * k + ((c + 3) & 3)];
    const ax = p[2 * n] - p[2 * i], ay = p[2 * n + 1] - p[2 * i + 1], bx = p[2 * r] - p[2 * i], by = p[2 * r + 1] - p[2 * i + 1];
    least = Math.min(least, (ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by)));
  }
  return least;
}

export function quadQuality(points: Float64Array, quads: Int32Array, threshold = 0.2): QuadQuality {
  const n = quads.length / 4;
  let min = Infinity, sum = 0, below = 0;
  for (let k = 0; k < n; k++) {
    const s = quadScaledJacobian(points, quads, k);
    min = Math.min(min, s);
    sum += s;
    if (s < threshold) below++;
  }
  return { count: n, min, mean: n ? sum / n : 0, below, threshold };
}

function smoothQuads(points: Float64Array, quads: Int32Array, fixed: Set<number>): void {
  const np = points.length / 2, nq = quads.length / 4;
  const around: number[][] = Array.from({ length: np }, () => []);
  for (let k = 0; k < nq; k++) for (let c = 0; c < 4; c++) around[quads[4 * k + c]].push(k);
  for (let sweep = 0; sweep < SMOOTHING_SWEEPS; sweep++)
    for (let v = 0; v < np; v++) {
      if (fixed.has(v) || around[v].length === 0) continue;
      // Centroid of the quads around v: area-free and stable for the valence-3 centroids the split makes.
      let su = 0, sv = 0, count = 0, before = Infinity;
      for (const k of around[v]) {
        for (let c = 0; c < 4; c++) {
          const w = quads[4 * k + c];
          if (w === v) continue;
          su += points[2 * w];
          sv += points[2 * w + 1];
          count++;
        }
        before = Math.min(before, quadScaledJacobian(points, quads, k));
      }
      const ou = points[2 * v], ov = points[2 * v + 1];
      points[2 * v] = su / count;
      points[2 * v + 1] = sv / count;
      let after = Infinity;
      for (const k of around[v]) after = Math.min(after, quadScaledJacobian(points, quads, k));
      if (!(after > 0) || after < before) {
        points[2 * v] = ou;
        points[2 * v + 1] = ov;
      }
    }
}
