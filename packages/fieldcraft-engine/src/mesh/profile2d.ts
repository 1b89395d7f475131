// A quality triangulation of an extrusion profile: boundary points spaced to the target size, interior
// points on an equilateral lattice kept half a size from the boundary, a Delaunay triangulation
// (delaunator) constrained to the boundary segments (constrainautor), the outside dropped, then
// guarded Laplacian sweeps that move interior points only where no triangle gets worse, and a second
// triangulation and smoothing round.
import ConstrainautorExport from "@kninnug/constrainautor";
import Delaunator from "delaunator";
import { pointInPolygon, segmentDistance, signedArea } from "../geometry/polygon.js";
import type { Vec2 } from "../geometry/types.js";
import { checkAbort, divisions, MeshFailure } from "./options.js";

export interface ProfileMesh {
  /** u, v per point. */
  points: Float64Array;
  /** Counter-clockwise triangles, 3 point indices each. */
  triangles: Int32Array;
  /** Boundary segments: 2 point indices each (running counter-clockwise) and the profile edge (1-based, as written). */
  segments: Int32Array;
  segmentEdge: Int32Array;
}

const SMOOTHING_SWEEPS = 4;

// The package's types are its TypeScript source, read as CommonJS; its ESM build's default export is the class.
const Constrainautor = ConstrainautorExport as unknown as new (del: Delaunator<Float64Array>, edges: [number, number][]) => object;

/**
 * `divisionsOf(edge)` (1-based, as written) may fix an edge's number of parts (edge seeds); else length / size.
 * `holes`: inner loops (any orientation; mesh.planar's faces with holes). Their boundary points come after the
 * outer loop's, their segments run clockwise (the material on the left, as the outer loop's), and the
 * triangles inside them are dropped.
 */
export function triangulateProfile(
  profile: readonly Vec2[],
  size: number,
  signal?: AbortSignal,
  divisionsOf?: (edge: number) => number | undefined,
  holes: readonly (readonly Vec2[])[] = [],
): ProfileMesh {
  const n = profile.length;
  const ccw = signedArea(profile) > 0;
  // Walk the profile counter-clockwise, remembering each edge's number as written.
  const order = ccw ? profile.map((_, i) => i) : profile.map((_, i) => (n - i) % n);
  const edgeOf = (from: number) => (ccw ? from + 1 : ((from - 1 + n) % n) + 1);
  const pts: number[] = [];
  const seg: number[] = [];
  const segEdge: number[] = [];
  for (let s = 0; s < n; s++) {
    const p = profile[order[s]];
    const q = profile[order[(s + 1) % n]];
    const m = divisionsOf?.(edgeOf(order[s])) ?? divisions(Math.hypot(q[0] - p[0], q[1] - p[1]), size);
    const first = pts.length / 2;
    for (let i = 0; i < m; i++) pts.push(p[0] + ((q[0] - p[0]) * i) / m, p[1] + ((q[1] - p[1]) * i) / m);
    for (let i = 0; i < m; i++) {
      seg.push(first + i, first + i + 1);
      segEdge.push(edgeOf(order[s]));
    }
  }
  seg[seg.length - 1] = 0; // the last segment closes on the first point
  let edgeNumber = n;
  for (const hole of holes) {
    // Clockwise, each segment numbered after the outer loop's edges.
    const h = signedArea(hole) < 0 ? hole : [...hole].reverse();
    const first = pts.length / 2;
    for (let k = 0; k < h.length; k++) {
      const p = h[k], q = h[(k + 1) % h.length];
      const m = divisions(Math.hypot(q[0] - p[0], q[1] - p[1]), size);
      const start = pts.length / 2;
      edgeNumber++;
      for (let i = 0; i < m; i++) pts.push(p[0] + ((q[0] - p[0]) * i) / m, p[1] + ((q[1] - p[1]) * i) / m);
      for (let i = 0; i < m; i++) {
        seg.push(start + i, start + i + 1);
        segEdge.push(edgeNumber);
      }
    }
    seg[seg.length - 1] = first;
  }
  const boundaryCount = pts.length / 2;
  const loops = [profile, ...holes];
  let uMin = Infinity, vMin = Infinity, uMax = -Infinity, vMax = -Infinity;
  for (const [u, v] of profile) {
    uMin = Math.min(uMin, u);
    uMax = Math.max(uMax, u);
    vMin = Math.min(vMin, v);
    vMax = Math.max(vMax, v);
  }
  const rowStep = (size * Math.sqrt(3)) / 2;
  const keep = 0.5 * size;
  for (let r = 0, v = vMin + rowStep / 2; v < vMax; r++, v += rowStep) {
    if ((r & 63) === 0) checkAbort(signal);
    for (let u = uMin + (r & 1 ? size : size / 2); u < uMax; u += size) {
      if (!pointInPolygon(profile, u, v) || holes.some((h) => pointInPolygon(h, u, v))) continue;
      let near = false;
      for (const loop of loops)
        for (let k = 0; k < loop.length && !near; k++) {
          const p = loop[k];
          const q = loop[(k + 1) % loop.length];
          near = segmentDistance(p[0], p[1], q[0], q[1], u, v) < keep;
        }
      if (!near) pts.push(u, v);
    }
  }
  const points = Float64Array.from(pts);
  const edges: [number, number][] = [];
  for (let i = 0; i < seg.length; i += 2) edges.push([seg[i], seg[i + 1]]);
  // Triangulate, smooth, and once more: smoothing moves points off the Delaunay configuration,
  // and the second triangulation flips the edges that became poor.
  checkAbort(signal);
  let triangles = constrainedTriangles(points, edges, seg, size, holes);
  checkAbort(signal);
  smooth(points, triangles, boundaryCount);
  checkAbort(signal);
  triangles = constrainedTriangles(points, edges, seg, size, holes);
  checkAbort(signal);
  smooth(points, triangles, boundaryCount);
  checkAbort(signal);
  return { points, triangles, segments: Int32Array.from(seg), segmentEdge: Int32Array.from(segEdge) };
}

function constrainedTriangles(points: Float64Array, edges: [number, number][], seg: number[], size: number, holes: readonly (readonly Vec2[])[] = []): Int32Array {
  const del = new Delaunator(points);
  try {
    new Constrainautor(del, edges);
  } catch (e) {
    // Only degenerate input (points closer than rounding) gets here; say so instead of crashing.
    throw new MeshFailure(`the profile could not be triangulated at size ${size} (${(e as Error).message}); try a slightly different size`);
  }
  return insideTriangles(del.triangles, del.halfedges, seg, points.length / 2, holes, points);
}

/**
 * The triangles inside the profile: every boundary segment is a triangulation edge, so the outside is
 * what can be reached from the convex hull without crossing one. (A centroid test would misjudge the
 * slivers that rounding leaves between nearly collinear boundary points and the hull.)
 */
function insideTriangles(tri: Uint32Array, half: Int32Array, seg: number[], np: number, holes: readonly (readonly Vec2[])[] = [], points?: Float64Array): Int32Array {
  const boundary = new Set<number>();
  for (let i = 0; i < seg.length; i += 2) boundary.add(Math.min(seg[i], seg[i + 1]) * np + Math.max(seg[i], seg[i + 1]));
  const nt = tri.length / 3;
  const outside = new Uint8Array(nt);
  const stack: number[] = [];
  const isBoundary = (e: number) => {
    const a = tri[e];
    const b = tri[e % 3 === 2 ? e - 2 : e + 1];
    return boundary.has(Math.min(a, b) * np + Math.max(a, b));
  };
  for (let e = 0; e < tri.length; e++) {
    const t = Math.floor(e / 3);
    if (half[e] < 0 && !isBoundary(e) && !outside[t]) {
      outside[t] = 1;
      stack.push(t);
    }
  }
  // Holes: seeded by the triangles whose centroid lies inside one, then flooded up to the hole's segments
  // (which also takes the slivers rounding may leave along the hole's sides).
  if (holes.length > 0 && points)
    for (let t = 0; t < nt; t++) {
      if (outside[t]) continue;
      const cu = (points[2 * tri[3 * t]] + points[2 * tri[3 * t + 1]] + points[2 * tri[3 * t + 2]]) / 3;
      const cv = (points[2 * tri[3 * t] + 1] + points[2 * tri[3 * t + 1] + 1] + points[2 * tri[3 * t + 2] + 1]) / 3;
      if (holes.some((h) => pointInPolygon(h, cu, cv))) {
        outside[t] = 1;
        stack.push(t);
      }
    }
  while (stack.length) {
    const t = stack.pop()!;
    for (let e = 3 * t; e < 3 * t + 3; e++) {
      const twin = half[e];
      if (twin < 0 || isBoundary(e)) continue;
      const u = Math.floor(twin / 3);
      if (!outside[u]) {
        outside[u] = 1;
        stack.push(u);
      }
    }
  }
  const out: number[] = [];
  // Delaunator's triangles turn clockwise with y up; ours turn counter-clockwise.
  for (let t = 0; t < nt; t++) if (!outside[t]) out.push(tri[3 * t], tri[3 * t + 2], tri[3 * t + 1]);
  return Int32Array.from(out);
}

function area2(p: Float64Array, a: number, b: number, c: number): number {
  return (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a]);
}

/** Laplacian smoothing of interior points, each move kept only if no triangle around the point degenerates. */
function smooth(points: Float64Array, triangles: Int32Array, fixed: number): void {
  const np = points.length / 2;
  const nt = triangles.length / 3;
  const start = new Int32Array(np + 1);
  for (let i = 0; i < triangles.length; i++) start[triangles[i] + 1]++;
  for (let v = 0; v < np; v++) start[v + 1] += start[v];
  const fill = start.slice(0, np);
  const around = new Int32Array(triangles.length);
  for (let t = 0; t < nt; t++) for (let c = 0; c < 3; c++) around[fill[triangles[3 * t + c]]++] = t;
  for (let sweep = 0; sweep < SMOOTHING_SWEEPS; sweep++) {
    for (let v = fixed; v < np; v++) {
      let su = 0, sv = 0, count = 0;
      let minBefore = Infinity;
      for (let i = start[v]; i < start[v + 1]; i++) {
        const t = around[i];
        for (let c = 0; c < 3; c++) {
          const w = triangles[3 * t + c];
          if (w === v) continue;
          su += points[2 * w];
          sv += points[2 * w + 1];
          count++;
        }
        minBefore = Math.min(minBefore, quality(points, triangles, t));
      }
      if (count === 0) continue;
      const ou = points[2 * v], ov = points[2 * v + 1];
      points[2 * v] = su / count;
      points[2 * v + 1] = sv / count;
      let minAfter = Infinity;
      for (let i = start[v]; i < start[v + 1]; i++) minAfter = Math.min(minAfter, quality(points, triangles, around[i]));
      if (!(minAfter > 0) || minAfter < minBefore) {
        points[2 * v] = ou;
        points[2 * v + 1] = ov;
      }
    }
  }
}

/** Triangle quality 4 sqrt(3) area / (sum of squared sides): 1 for equilateral, <= 0 when inverted. */
function quality(p: Float64Array, tri: Int32Array, t: number): number {
  const a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
  const l = (i: number, j: number) => (p[2 * i] - p[2 * j]) ** 2 + (p[2 * i + 1] - p[2 * j + 1]) ** 2;
  return (2 * Math.sqrt(3) * area2(p, a, b, c)) / (l(a, b) + l(b, c) + l(c, a));
}

/** Roughly how many points triangulateProfile makes: checked against the caps before any work. */
export function estimateProfilePoints(profile: readonly Vec2[], size: number): number {
  let boundary = 0;
  for (let k = 0; k < profile.length; k++) {
    const p = profile[k];
    const q = profile[(k + 1) % profile.length];
    boundary += divisions(Math.hypot(q[0] - p[0], q[1] - p[1]), size);
  }
  return boundary + Math.abs(signedArea(profile)) / (size * size * (Math.sqrt(3) / 2));
}
