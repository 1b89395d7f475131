// A graded constrained Delaunay triangulation of a face from its boundary points: triangles larger than the
// size field are refined by inserting their circumcentre (the centroid where the circumcentre falls outside or
// crowds the boundary), a whole pass at a time (delaunator + constrainautor rebuild the triangulation each
// pass), then guarded Laplacian smoothing and one more triangulation so smoothed points stay Delaunay.
import ConstrainautorExport from "@kninnug/constrainautor";
import Delaunator from "delaunator";
import type { Vec2 } from "../../geometry/types.js";
import { checkAbort, MeshFailure } from "../options.js";
import { BoundaryIndex } from "./boundaryIndex.js";
import type { SizeField } from "./sizeField.js";

const Constrainautor = ConstrainautorExport as unknown as new (del: Delaunator<Float64Array>, edges: [number, number][]) => object;

export interface FaceTriangulation {
  /** x, y per point; the first `fixed` are the boundary's, in loop order. */
  points: Float64Array;
  /** Counter-clockwise triangles. */
  triangles: Int32Array;
  fixed: number;
}

/** Refine while a triangle's circumradius exceeds this times that of an equilateral triangle of the local size. */
const TOO_BIG = 1.25;
const MAX_PASSES = 80;
const SMOOTHING_SWEEPS = 5;

/** `loops[0]` the outer boundary, the rest holes; each a closed list of points (first not repeated). */
export function triangulateFace(loops: Vec2[][], h: SizeField, maxPoints: number, signal?: AbortSignal): FaceTriangulation {
  const pts: number[] = [];
  const edges: [number, number][] = [];
  for (const loop of loops) {
    const first = pts.length / 2;
    loop.forEach((p, k) => {
      pts.push(p[0], p[1]);
      edges.push([first + k, first + ((k + 1) % loop.length)]);
    });
  }
  const fixed = pts.length / 2;
  const index = new BoundaryIndex(loops);
  let tri = constrained(Float64Array.from(pts), edges, loops);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    checkAbort(signal);
    const added = refinePass(pts, tri, h, index);
    if (added === 0) break;
    if (pts.length / 2 > maxPoints) throw new MeshFailure(`the face needs more than ${maxPoints} points at this size; use a larger size or coarser refinement`);
    tri = constrained(Float64Array.from(pts), edges, loops);
  }
  const points = Float64Array.from(pts);
  smoothTriangles(points, tri, fixed);
  tri = constrained(points, edges, loops);
  smoothTriangles(points, tri, fixed);
  return { points, triangles: tri, fixed };
}

function circumcentre(p: number[], a: number, b: number, c: number): [number, number, number] {
  const ax = p[2 * a], ay = p[2 * a + 1];
  const bx = p[2 * b] - ax, by = p[2 * b + 1] - ay, cx = p[2 * c] - ax, cy = p[2 * c + 1] - ay;
  const d = 2 * (bx * cy - by * cx);
  const b2 = bx * bx + by * by, c2 = cx * cx + cy * cy;
  const ux = (cy * b2 - by * c2) / d, uy = (bx * c2 - cx * b2) / d;
  return [ax + ux, ay + uy, Math.hypot(ux, uy)];
}

/** One pass: a point in every triangle too big for the field, kept apart from the points added before it. */
function refinePass(pts: number[], tri: Int32Array, h: SizeField, index: BoundaryIndex): number {
  const nt = tri.length / 3;
  const bad: { t: number; ratio: number; cx: number; cy: number; r: number; hc: number }[] = [];
  for (let t = 0; t < nt; t++) {
    const [a, b, c] = [tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]];
    const [cx, cy, r] = circumcentre(pts, a, b, c);
    const gx = (pts[2 * a] + pts[2 * b] + pts[2 * c]) / 3, gy = (pts[2 * a + 1] + pts[2 * b + 1] + pts[2 * c + 1]) / 3;
    const hc = h(gx, gy);
    const ratio = r / (hc / Math.sqrt(3));
    if (ratio > TOO_BIG) bad.push({ t, ratio, cx, cy, r, hc });
  }
  bad.sort((p, q) => q.ratio - p.ratio);
  const added: Vec2[] = [];
  // Points added this pass, in grids of doubling cell size: a query of radius r reads the level whose cells are
  // about r, a few cells whatever the spread of sizes (one grid at the smallest size would read millions).
  let hMin = Infinity, hMax = 0;
  for (const b of bad) {
    hMin = Math.min(hMin, b.hc);
    hMax = Math.max(hMax, b.hc);
  }
  const levels: Map<string, Vec2[]>[] = [];
  const levelOf = (r: number) => Math.max(0, Math.ceil(Math.log2(r / hMin)));
  const crowded = (x: number, y: number, r: number) => {
    const l = levelOf(r), cell = hMin * 2 ** l, grid = levels[l];
    if (!grid) return false;
    const i0 = Math.floor((x - r) / cell), i1 = Math.floor((x + r) / cell), j0 = Math.floor((y - r) / cell), j1 = Math.floor((y + r) / cell);
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++) for (const q of grid.get(`${i},${j}`) ?? []) if (Math.hypot(q[0] - x, q[1] - y) < r) return true;
    return false;
  };
  const top = levelOf(0.6 * hMax);
  const remember = (x: number, y: number) => {
    for (let l = 0; l <= top; l++) {
      const cell = hMin * 2 ** l, key = `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
      const grid = (levels[l] ??= new Map());
      const list = grid.get(key);
      if (list) list.push([x, y]);
      else grid.set(key, [[x, y]]);
    }
  };
  for (const b of bad) {
    const [p, q, s] = [tri[3 * b.t], tri[3 * b.t + 1], tri[3 * b.t + 2]];
    let x = b.cx, y = b.cy;
    const hx = b.hc;
    if (!index.inside(x, y) || index.near(x, y, 0.5 * hx)) {
      x = (pts[2 * p] + pts[2 * q] + pts[2 * s]) / 3;
      y = (pts[2 * p + 1] + pts[2 * q + 1] + pts[2 * s + 1]) / 3;
      const near = Math.min(...[p, q, s].map((v) => Math.hypot(pts[2 * v] - x, pts[2 * v + 1] - y)));
      if (near < 0.4 * hx || index.near(x, y, 0.3 * hx)) continue;
    }
    if (crowded(x, y, 0.6 * hx)) continue;
    added.push([x, y]);
    remember(x, y);
  }
  for (const [x, y] of added) pts.push(x, y);
  return added.length;
}

function constrained(points: Float64Array, edges: [number, number][], loops: Vec2[][]): Int32Array {
  const del = new Delaunator(points);
  try {
    new Constrainautor(del, edges);
  } catch (e) {
    throw new MeshFailure(`the face could not be triangulated (${(e as Error).message}); try a slightly different size`);
  }
  return insideTriangles(del, edges, points, loops);
}

/**
 * The triangles inside the face: flooded from the hull and from the triangles whose centroid is in a hole,
 * stopped by the boundary edges (a centroid test alone would misjudge slivers along nearly straight sides).
 */
function insideTriangles(del: Delaunator<Float64Array>, edges: [number, number][], points: Float64Array, loops: Vec2[][]): Int32Array {
  const { triangles: tri, halfedges: half } = del;
  const np = points.length / 2;
  const boundary = new Set(edges.map(([a, b]) => Math.min(a, b) * np + Math.max(a, b)));
  const isBoundary = (e: number) => {
    const a = tri[e], b = tri[e % 3 === 2 ? e - 2 : e + 1];
    return boundary.has(Math.min(a, b) * np + Math.max(a, b));
  };
  const nt = tri.length / 3;
  const outside = new Uint8Array(nt);
  const stack: number[] = [];
  const mark = (t: number) => {
    if (!outside[t]) {
      outside[t] = 1;
      stack.push(t);
    }
  };
  for (let e = 0; e < tri.length; e++) if (half[e] < 0 && !isBoundary(e)) mark(Math.floor(e / 3));
  const holes = loops.length > 1 ? new BoundaryIndex(loops.slice(1)) : null;
  if (holes)
    for (let t = 0; t < nt; t++) {
      const cx = (points[2 * tri[3 * t]] + points[2 * tri[3 * t + 1]] + points[2 * tri[3 * t + 2]]) / 3;
      const cy = (points[2 * tri[3 * t] + 1] + points[2 * tri[3 * t + 1] + 1] + points[2 * tri[3 * t + 2] + 1]) / 3;
      if (holes.inside(cx, cy)) mark(t);
    }
  while (stack.length) {
    const t = stack.pop()!;
    for (let e = 3 * t; e < 3 * t + 3; e++) if (half[e] >= 0 && !isBoundary(e)) mark(Math.floor(half[e] / 3));
  }
  const out: number[] = [];
  // Delaunator's triangles turn clockwise with y up; ours turn counter-clockwise.
  for (let t = 0; t < nt; t++) if (!outside[t]) out.push(tri[3 * t], tri[3 * t + 2], tri[3 * t + 1]);
  return Int32Array.from(out);
}

/** Triangle quality 4 sqrt(3) area / (sum of squared sides): 1 equilateral, <= 0 inverted. */
function quality(p: Float64Array, a: number, b: number, c: number): number {
  const area2 = (p[2 * b] - p[2 * a]) * (p[2 * c + 1] - p[2 * a + 1]) - (p[2 * b + 1] - p[2 * a + 1]) * (p[2 * c] - p[2 * a]);
  const l = (i: number, j: number) => (p[2 * i] - p[2 * j]) ** 2 + (p[2 * i + 1] - p[2 * j + 1]) ** 2;
  return (2 * Math.sqrt(3) * area2) / (l(a, b) + l(b, c) + l(c, a));
}

/** Laplacian smoothing of the points after `fixed`, a move kept only if the worst triangle around does not worsen. */
function smoothTriangles(points: Float64Array, tri: Int32Array, fixed: number): void {
  const np = points.length / 2, nt = tri.length / 3;
  const around: number[][] = Array.from({ length: np }, () => []);
  for (let t = 0; t < nt; t++) for (let c = 0; c < 3; c++) around[tri[3 * t + c]].push(t);
  const worst = (v: number) => Math.min(...around[v].map((t) => quality(points, tri[3 * t], tri[3 * t + 1], tri[3 * t + 2])));
  for (let sweep = 0; sweep < SMOOTHING_SWEEPS; sweep++)
    for (let v = fixed; v < np; v++) {
      if (around[v].length === 0) continue;
      let sx = 0, sy = 0, count = 0;
      for (const t of around[v])
        for (let c = 0; c < 3; c++) {
          const w = tri[3 * t + c];
          if (w !== v) {
            sx += points[2 * w];
            sy += points[2 * w + 1];
            count++;
          }
        }
      const before = worst(v), ox = points[2 * v], oy = points[2 * v + 1];
      points[2 * v] = sx / count;
      points[2 * v + 1] = sy / count;
      const after = worst(v);
      if (!(after > 0) || after < before) {
        points[2 * v] = ox;
        points[2 * v + 1] = oy;
      }
    }
}
