// An unstructured mesh of one planar face in its own 2D frame. Boundary points follow seeds and the size field
// (boundary.ts); a graded constrained Delaunay triangulation fills the face (triangulate.ts). Triangle families
// take it as it is. Quadrilaterals: the triangulation is made at twice the size from every other boundary
// point, its triangles are paired across their shared sides, best resulting quadrilateral first (greedy
// matching by scaled Jacobian), then every quadrilateral is split in four and every unpaired triangle in three
// through side midpoints and centroids, so the mesh is all-quadrilateral at the target size whatever the
// matching left; guarded Laplacian smoothing (no element may get worse, the boundary stays) finishes it.
import { signedArea } from "../../geometry/polygon.js";
import type { Vec2 } from "../../geometry/types.js";
import { MeshFailure } from "../options.js";
import { BoundaryIndex } from "./boundaryIndex.js";
import { chordProblems } from "./crossings.js";
import { boundaryPoints, type ChainSeed, type LabelledLoop, type SeededCount } from "./boundary.js";
import { scaledJacobian } from "./metrics.js";
import { sizeField, type SizeSource } from "./sizeField.js";
import { triangulateFace } from "./triangulate.js";

export interface FaceMeshInput {
  /** `loops[0]` the outer boundary, the rest holes, in any orientation. */
  loops: LabelledLoop[];
  size: number;
  sources: readonly SizeSource[];
  seeds: ReadonlyMap<string, ChainSeed>;
  shape: "triangle" | "quadrilateral";
  /** Refused beyond about this many corner points. */
  maxPoints: number;
  signal?: AbortSignal;
}

export interface FaceMesh {
  /** x, y per point. */
  points: Float64Array;
  /** Counter-clockwise cells, `corners` point ids each. */
  cells: Int32Array;
  corners: 3 | 4;
  /** Boundary segments (2 point ids each, material on the left) and the design edge of each. */
  segments: Int32Array;
  segmentLabel: string[];
  seeded: SeededCount[];
  /** Triangle pairs merged before the split (quadrilaterals), and the triangles left single. */
  paired?: { pairs: number; single: number };
}

/** Pairs whose quadrilateral's least corner sine is below this stay triangles (split in three instead). */
const MIN_PAIR = 0.5;
const SMOOTHING_SWEEPS = 8;
const MAX_BOUNDARY_RETRIES = 6;
const ESTIMATE_SAMPLES = 100;

/** Outer loop counter-clockwise, holes clockwise: the material lies on the left of every loop. */
function orient(loop: LabelledLoop, outer: boolean): LabelledLoop {
  if (signedArea(loop.points) > 0 === outer) return loop;
  const n = loop.points.length;
  return { points: loop.points.map((_, k) => loop.points[n - 1 - k]), sides: loop.sides.map((_, k) => loop.sides[(2 * n - 2 - k) % n]) };
}

/** The refusal of a face mesh over the point cap before any work, naming a size that would fit. */
export function pointCapError(estimate: number, maxPoints: number, size: number, more = ""): string {
  return `params.size: the mesh would have about ${Math.round(estimate)} points, above the cap of ${maxPoints}; use a size of about ${+(size * Math.sqrt(estimate / maxPoints)).toPrecision(2)} or more${more}`;
}

export function meshFace(o: FaceMeshInput): { ok: true; mesh: FaceMesh } | { ok: false; error: string } {
  const quads = o.shape === "quadrilateral";
  const loops = o.loops.map((l, i) => orient(l, i === 0));
  const h = sizeField(o.size, o.sources);
  const estimate = estimatePoints(loops, h);
  if (estimate > o.maxPoints) return { ok: false, error: pointCapError(estimate, o.maxPoints, o.size, " (or larger refinement sizes)") };
  // Chords that cross or nearly touch (a coarse walk along a bent polyline) make the boundary finer there, a few
  // times at most; chords still crossing then are refused, chords still close (a very sharp corner) are kept.
  let b = boundaryPoints(loops, h, o.seeds, quads);
  const extra: SizeSource[] = [];
  for (let attempt = 0; b.ok; attempt++) {
    const problems = chordProblems(b.loops.map((l) => (quads ? l.points.filter((_, k) => k % 2 === 0) : l.points)));
    const crossing = problems.find((p) => p.crossing);
    if (problems.length === 0 || (attempt === MAX_BOUNDARY_RETRIES && !crossing)) break;
    if (attempt === MAX_BOUNDARY_RETRIES) return { ok: false, error: `the boundary's segments cross near (${crossing!.at.map((v) => +v.toPrecision(6)).join(", ")}) even at a finer spacing; the face's loops may touch or cross there` };
    extra.push(...problems.map((c) => ({ at: [c.at], size: c.length / (quads ? 4 : 2) })));
    const finer = sizeField(o.size, [...o.sources, ...extra]);
    b = boundaryPoints(loops, finer, o.seeds, quads);
  }
  if (!b.ok) return b;
  // Where seeds or bends made the boundary finer than the field, the interior grades from it.
  const fine: SizeSource[] = [];
  for (const l of b.loops)
    l.points.forEach((p, k) => {
      const q = l.points[(k + 1) % l.points.length];
      const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
      if (len < 0.7 * h(p[0], p[1])) fine.push({ at: [p], size: len });
    });
  const field = fine.length || extra.length ? sizeField(o.size, [...o.sources, ...extra, ...fine]) : h;
  // Quadrilaterals triangulate at twice the size from every other boundary point (the others become midpoints).
  const triLoops: Vec2[][] = b.loops.map((l) => (quads ? l.points.filter((_, k) => k % 2 === 0) : l.points));
  const t = triangulateFace(triLoops, quads ? (x, y) => 2 * field(x, y) : field, o.maxPoints, o.signal);
  if (!quads) {
    const segments: number[] = [], segmentLabel: string[] = [];
    let first = 0;
    for (const l of b.loops) {
      const n = l.points.length;
      for (let k = 0; k < n; k++) segments.push(first + k, first + ((k + 1) % n));
      segmentLabel.push(...l.labels);
      first += n;
    }
    return { ok: true, mesh: { points: t.points, cells: t.triangles, corners: 3, segments: Int32Array.from(segments), segmentLabel, seeded: b.seeded } };
  }
  return { ok: true, mesh: splitToQuads(t.points, t.triangles, b.loops, b.seeded) };
}

function splitToQuads(triPoints: Float64Array, tri: Int32Array, loops: { points: Vec2[]; labels: string[] }[], seeded: SeededCount[]): FaceMesh {
  const np = triPoints.length / 2, nt = tri.length / 3;
  const pts: number[] = Array.from(triPoints);
  const key = (a: number, b: number) => Math.min(a, b) * np + Math.max(a, b);
  const mids = new Map<number, number>();
  const fixed = new Set<number>();
  // Boundary midpoints are the boundary's own odd points (on the curve, graded as seeded), not chord midpoints.
  const segments: number[] = [], segmentLabel: string[] = [];
  let first = 0;
  for (const l of loops) {
    const m = l.points.length / 2;
    for (let j = 0; j < m; j++) {
      const a = first + j, c = first + ((j + 1) % m), mid = pts.length / 2;
      pts.push(...l.points[2 * j + 1]);
      mids.set(key(a, c), mid);
      segments.push(a, mid, mid, c);
      segmentLabel.push(l.labels[2 * j], l.labels[2 * j + 1]);
      fixed.add(a).add(mid);
    }
    first += m;
  }
  const mid = (a: number, b: number) => {
    const k = key(a, b);
    let m = mids.get(k);
    if (m === undefined) {
      m = pts.length / 2;
      pts.push((pts[2 * a] + pts[2 * b]) / 2, (pts[2 * a + 1] + pts[2 * b + 1]) / 2);
      mids.set(k, m);
    }
    return m;
  };
  // Candidate pairs: the two triangles on each interior side, weighted by the quadrilateral they make.
  const sideOwner = new Map<number, { t: number; c: number }>();
  const candidates: { t1: number; t2: number; quad: number[]; w: number }[] = [];
  for (let i = 0; i < nt; i++)
    for (let c = 0; c < 3; c++) {
      const a = tri[3 * i + c], b = tri[3 * i + ((c + 1) % 3)];
      const other = sideOwner.get(key(a, b));
      if (!other) {
        sideOwner.set(key(a, b), { t: i, c });
        continue;
      }
      // Triangle i runs a -> b -> x, the other b -> a -> y: the quadrilateral a, y, b, x.
      const x = tri[3 * i + ((c + 2) % 3)], y = tri[3 * other.t + ((other.c + 2) % 3)];
      const quad = [a, y, b, x];
      const w = scaledJacobian(triPoints, 2, quad, 0, 4);
      if (w >= MIN_PAIR) candidates.push({ t1: i, t2: other.t, quad, w });
    }
  candidates.sort((p, q) => q.w - p.w);
  const used = new Uint8Array(nt);
  const cells: number[] = [];
  const centroid = (ids: number[]) => {
    const g = pts.length / 2;
    pts.push(ids.reduce((s, v) => s + triPoints[2 * v], 0) / ids.length, ids.reduce((s, v) => s + triPoints[2 * v + 1], 0) / ids.length);
    return g;
  };
  // Each corner polygon (a quadrilateral or a triangle) splits into one quadrilateral per corner.
  const split = (ids: number[]) => {
    const g = centroid(ids), m = ids.length;
    for (let k = 0; k < m; k++) cells.push(ids[k], mid(ids[k], ids[(k + 1) % m]), g, mid(ids[(k + m - 1) % m], ids[k]));
  };
  let pairs = 0;
  for (const c of candidates) {
    if (used[c.t1] || used[c.t2]) continue;
    used[c.t1] = used[c.t2] = 1;
    pairs++;
    split(c.quad);
  }
  let single = 0;
  for (let i = 0; i < nt; i++)
    if (!used[i]) {
      single++;
      split([tri[3 * i], tri[3 * i + 1], tri[3 * i + 2]]);
    }
  const points = Float64Array.from(pts);
  const q = Int32Array.from(cells);
  smoothQuads(points, q, fixed);
  for (let k = 0; k < q.length / 4; k++)
    if (!(scaledJacobian(points, 2, q, 4 * k, 4) > 0)) throw new MeshFailure(`quadrilateral ${k + 1} came out folded; try a slightly different size`);
  return { points, cells: q, corners: 4, segments: Int32Array.from(segments), segmentLabel, seeded, paired: { pairs, single } };
}

/** Laplacian smoothing of interior points, a move kept only when the worst quadrilateral around gets no worse. */
function smoothQuads(points: Float64Array, quads: Int32Array, fixed: Set<number>): void {
  const np = points.length / 2, nq = quads.length / 4;
  const around: number[][] = Array.from({ length: np }, () => []);
  const neighbours: Set<number>[] = Array.from({ length: np }, () => new Set());
  for (let k = 0; k < nq; k++)
    for (let c = 0; c < 4; c++) {
      const v = quads[4 * k + c];
      around[v].push(k);
      // Edge neighbours only: the diagonal corners would pull a valence-3 point off centre.
      neighbours[v].add(quads[4 * k + ((c + 1) & 3)]).add(quads[4 * k + ((c + 3) & 3)]);
    }
  const worst = (v: number) => {
    let w = Infinity;
    for (const k of around[v]) w = Math.min(w, scaledJacobian(points, 2, quads, 4 * k, 4));
    return w;
  };
  for (let sweep = 0; sweep < SMOOTHING_SWEEPS; sweep++)
    for (let v = 0; v < np; v++) {
      if (fixed.has(v) || around[v].length === 0) continue;
      let sx = 0, sy = 0;
      for (const w of neighbours[v]) {
        sx += points[2 * w];
        sy += points[2 * w + 1];
      }
      const before = worst(v), ox = points[2 * v], oy = points[2 * v + 1];
      points[2 * v] = sx / neighbours[v].size;
      points[2 * v + 1] = sy / neighbours[v].size;
      const after = worst(v);
      if (!(after > 0) || after < before) {
        points[2 * v] = ox;
        points[2 * v + 1] = oy;
      }
    }
}

/** About how many points the mesh gets: the face's area over the size field (sampled on a grid), before any work. */
function estimatePoints(loops: LabelledLoop[], h: (x: number, y: number) => number): number {
  const all = loops.flatMap((l) => l.points);
  const xMin = Math.min(...all.map((p) => p[0])), xMax = Math.max(...all.map((p) => p[0]));
  const yMin = Math.min(...all.map((p) => p[1])), yMax = Math.max(...all.map((p) => p[1]));
  const index = new BoundaryIndex(loops.map((l) => l.points));
  const n = ESTIMATE_SAMPLES, dx = (xMax - xMin) / n, dy = (yMax - yMin) / n;
  let sum = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const x = xMin + (i + 0.5) * dx, y = yMin + (j + 0.5) * dy;
      if (index.inside(x, y)) sum += (dx * dy) / h(x, y) ** 2;
    }
  return sum;
}
