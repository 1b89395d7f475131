// Checks a welded triangle surface before it becomes a body: degenerate triangles, open and non-manifold
// edges, orientation (made consistent when the surface is otherwise sound, and said), self-intersections.
// Refusals say what and where (counts and a few coordinates). Shells (edge-connected pieces) are found
// here; nesting decides which are bodies and which are cavities.
import { checkCancelled } from "../../fem/cancel-scope.js";
import { edgeTriangles, floodTriangles } from "./flood.js";
import { orient3d } from "robust-predicates";
import type { Indexed } from "./weld.js";

export interface Shell {
  /** Triangle indices of this shell. */
  triangles: number[];
  /** Enclosed volume after orientation (positive). */
  volume: number;
}

export type Validated =
  | { ok: true; positions: Float64Array; triangles: Int32Array; shells: Shell[]; warnings: string[] }
  | { ok: false; error: string };

const SHOWN = 3;

function at(p: Float64Array, v: number): string {
  return `(${[p[3 * v], p[3 * v + 1], p[3 * v + 2]].map((x) => Number(x.toPrecision(6))).join(", ")})`;
}

export function validateSurface(input: Indexed): Validated {
  const { positions } = input;
  const warnings: string[] = [];
  const n = positions.length / 3;
  // Collapsed triangles (two corners welded together) add nothing to a closed surface: drop them, say so.
  const kept: number[] = [];
  let collapsed = 0;
  const flat: string[] = [];
  let flatCount = 0;
  for (let t = 0; t < input.triangles.length / 3; t++) {
    if ((t & 4095) === 0) checkCancelled();
    const a = input.triangles[3 * t], b = input.triangles[3 * t + 1], c = input.triangles[3 * t + 2];
    if (a === b || b === c || c === a) {
      collapsed++;
      continue;
    }
    const ux = positions[3 * b] - positions[3 * a], uy = positions[3 * b + 1] - positions[3 * a + 1], uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a], vy = positions[3 * c + 1] - positions[3 * a + 1], vz = positions[3 * c + 2] - positions[3 * a + 2];
    if (uy * vz - uz * vy === 0 && uz * vx - ux * vz === 0 && ux * vy - uy * vx === 0) {
      flatCount++;
      if (flat.length < SHOWN) flat.push(`triangle ${t + 1} at ${at(positions, a)}`);
      continue;
    }
    kept.push(a, b, c);
  }
  if (flatCount > 0) return { ok: false, error: `${flatCount} degenerate triangles (three corners on a line), e.g. ${flat.join("; ")}; repair the surface (remove slivers) and export again` };
  if (collapsed > 0) warnings.push(`${collapsed} collapsed triangles (two corners at one point) were dropped`);
  const triangles = Int32Array.from(kept);
  const m = triangles.length / 3;
  if (m < 4) return { ok: false, error: `the surface has ${m} usable triangles; a closed solid needs at least 4` };
  // Edges: each undirected edge with the triangles using it.
  const edges = edgeTriangles(triangles, n);
  const open: string[] = [];
  const multi: string[] = [];
  let openCount = 0, multiCount = 0, edgesSeen = 0;
  for (const [key, list] of edges) {
    if ((++edgesSeen & 4095) === 0) checkCancelled();
    const u = Math.floor(key / n), v = key % n;
    if (list.length === 1) {
      openCount++;
      if (open.length < SHOWN) open.push(`${at(positions, u)}-${at(positions, v)}`);
    } else if (list.length > 2) {
      multiCount++;
      if (multi.length < SHOWN) multi.push(`${at(positions, u)}-${at(positions, v)} (${list.length} triangles)`);
    }
  }
  if (openCount > 0) return { ok: false, error: `the surface is not closed: ${openCount} open edges (a hole), e.g. ${open.join(", ")}; close the holes and export again` };
  if (multiCount > 0) return { ok: false, error: `the surface is not manifold: ${multiCount} edges shared by more than two triangles, e.g. ${multi.join(", ")}; separate the touching parts` };
  // Shells and orientation: neighbours must use their shared edge in opposite directions.
  const flip = new Int8Array(m);
  let flipped = 0;
  const dir = (t: number, u: number, v: number): number => {
    for (let e = 0; e < 3; e++) {
      const a = triangles[3 * t + e], b = triangles[3 * t + ((e + 1) % 3)];
      if (a === u && b === v) return 1;
      if (a === v && b === u) return -1;
    }
    return 0;
  };
  const flood = floodTriangles(triangles, edges, n, (t, o, u, v, seen) => {
    // Same direction in both (after flips so far) means one of them must turn.
    const want = flip[t] === 0 ? 1 : -1;
    const same = dir(o, u, v) * want * (flip[o] === 0 ? 1 : -1) > 0;
    if (!seen) {
      if (same) flip[o] = 1;
      return true;
    }
    return same ? `the surface cannot be oriented (a Moebius-like shell) at edge ${at(positions, u)}-${at(positions, v)}; repair the surface` : false;
  });
  if (!flood.ok) return flood;
  const shells: Shell[] = flood.regions.map((list) => ({ triangles: list, volume: 0 }));
  for (let t = 0; t < m; t++)
    if (flip[t]) {
      const b = triangles[3 * t + 1];
      triangles[3 * t + 1] = triangles[3 * t + 2];
      triangles[3 * t + 2] = b;
      flipped++;
    }
  let reversedShells = 0;
  for (const s of shells) {
    checkCancelled();
    let v = 0;
    for (const t of s.triangles) v += signedVolume6(positions, triangles, t);
    if (v < 0) {
      for (const t of s.triangles) {
        const b = triangles[3 * t + 1];
        triangles[3 * t + 1] = triangles[3 * t + 2];
        triangles[3 * t + 2] = b;
      }
      v = -v;
      reversedShells++;
    }
    s.volume = v / 6;
    if (!(s.volume > 0)) return { ok: false, error: `a shell of ${s.triangles.length} triangles encloses no volume (a flat or folded surface near ${at(positions, triangles[3 * s.triangles[0]])})` };
  }
  if (flipped > 0 && flipped < m) warnings.push(`${Math.min(flipped, m - flipped)} triangles were turned to agree with their neighbours`);
  if (reversedShells > 0) warnings.push(`${reversedShells} shell(s) were inside out and were turned`);
  const crossing = selfIntersections(positions, triangles);
  if (crossing.count > 0)
    return { ok: false, error: `the surface intersects itself: ${crossing.count} crossing triangle pairs, e.g. ${crossing.examples.join("; ")}; remove the overlap (a boolean union) and export again` };
  return { ok: true, positions, triangles, shells, warnings };
}

export function signedVolume6(p: Float64Array, tri: Int32Array, t: number): number {
  const a = 3 * tri[3 * t], b = 3 * tri[3 * t + 1], c = 3 * tri[3 * t + 2];
  return p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c]) + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
}

// --- self-intersection: a grid over triangle boxes, exact tests on candidate pairs -------------------------

function o3(p: Float64Array, a: number, b: number, c: number, d: number): number {
  return orient3d(p[3 * a], p[3 * a + 1], p[3 * a + 2], p[3 * b], p[3 * b + 1], p[3 * b + 2], p[3 * c], p[3 * c + 1], p[3 * c + 2], p[3 * d], p[3 * d + 1], p[3 * d + 2]);
}

/** Does segment (p, q) cross triangle (a, b, c) (touching counts), for a segment not in the triangle's plane. */
function segmentHitsTriangle(x: Float64Array, p: number, q: number, a: number, b: number, c: number): boolean {
  const s1 = Math.sign(o3(x, a, b, c, p)), s2 = Math.sign(o3(x, a, b, c, q));
  if (s1 === s2) return false; // same side, or both in the plane (coplanar pairs are handled apart)
  const e1 = Math.sign(o3(x, p, q, a, b)), e2 = Math.sign(o3(x, p, q, b, c)), e3 = Math.sign(o3(x, p, q, c, a));
  const pos = (e1 >= 0 && e2 >= 0 && e3 >= 0), neg = (e1 <= 0 && e2 <= 0 && e3 <= 0);
  return pos || neg;
}

function trianglesCross(x: Float64Array, tri: Int32Array, s: number, t: number): boolean {
  const A = [tri[3 * s], tri[3 * s + 1], tri[3 * s + 2]];
  const B = [tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]];
  const shared = A.filter((v) => B.includes(v));
  if (shared.length >= 2) {
    // Neighbours across an edge overlap only when folded flat onto each other.
    const a = A.find((v) => !shared.includes(v))!, b = B.find((v) => !shared.includes(v))!;
    if (o3(x, shared[0], shared[1], a, b) !== 0) return false;
    const sa = Math.sign(orient2dIn(x, shared[0], shared[1], a, A, B)), sb = Math.sign(orient2dIn(x, shared[0], shared[1], b, A, B));
    return sa === sb;
  }
  if (shared.length === 1) {
    // Sharing a corner: they cross when the edge opposite it in one passes through the other.
    const v = shared[0];
    const [a1, a2] = A.filter((u) => u !== v), [b1, b2] = B.filter((u) => u !== v);
    return segmentHitsTriangle(x, a1, a2, B[0], B[1], B[2]) || segmentHitsTriangle(x, b1, b2, A[0], A[1], A[2]);
  }
  for (let e = 0; e < 3; e++) {
    if (segmentHitsTriangle(x, A[e], A[(e + 1) % 3], B[0], B[1], B[2])) return true;
    if (segmentHitsTriangle(x, B[e], B[(e + 1) % 3], A[0], A[1], A[2])) return true;
  }
  return false;
}

/** Side of point c relative to line (a, b) in the plane of the two triangles (projected on its dominant axis). */
function orient2dIn(x: Float64Array, a: number, b: number, c: number, A: number[], _B: number[]): number {
  const ux = x[3 * A[1]] - x[3 * A[0]], uy = x[3 * A[1] + 1] - x[3 * A[0] + 1], uz = x[3 * A[1] + 2] - x[3 * A[0] + 2];
  const vx = x[3 * A[2]] - x[3 * A[0]], vy = x[3 * A[2] + 1] - x[3 * A[0] + 1], vz = x[3 * A[2] + 2] - x[3 * A[0] + 2];
  const n = [Math.abs(uy * vz - uz * vy), Math.abs(uz * vx - ux * vz), Math.abs(ux * vy - uy * vx)];
  const drop = n[0] >= n[1] && n[0] >= n[2] ? 0 : n[1] >= n[2] ? 1 : 2;
  const i = (drop + 1) % 3, j = (drop + 2) % 3;
  return (x[3 * b + i] - x[3 * a + i]) * (x[3 * c + j] - x[3 * a + j]) - (x[3 * b + j] - x[3 * a + j]) * (x[3 * c + i] - x[3 * a + i]);
}

export function selfIntersections(x: Float64Array, tri: Int32Array, maxExamples = SHOWN): { count: number; examples: string[] } {
  const m = tri.length / 3;
  const lo = new Float64Array(3 * m), hi = new Float64Array(3 * m);
  let span = 0;
  const glo = [Infinity, Infinity, Infinity], ghi = [-Infinity, -Infinity, -Infinity];
  for (let t = 0; t < m; t++)
    for (let k = 0; k < 3; k++) {
      let a = Infinity, b = -Infinity;
      for (let c = 0; c < 3; c++) {
        const v = x[3 * tri[3 * t + c] + k];
        a = Math.min(a, v);
        b = Math.max(b, v);
      }
      lo[3 * t + k] = a;
      hi[3 * t + k] = b;
      span += b - a;
      glo[k] = Math.min(glo[k], a);
      ghi[k] = Math.max(ghi[k], b);
    }
  const cell = Math.max((2 * span) / (3 * m), 1e-300);
  const key = (i: number, j: number, k: number) => `${i},${j},${k}`;
  const grid = new Map<string, number[]>();
  const idx = (v: number, k: number) => Math.floor((v - glo[k]) / cell);
  for (let t = 0; t < m; t++) {
    if ((t & 4095) === 0) checkCancelled();
    const i0 = idx(lo[3 * t], 0), i1 = idx(hi[3 * t], 0), j0 = idx(lo[3 * t + 1], 1), j1 = idx(hi[3 * t + 1], 1), k0 = idx(lo[3 * t + 2], 2), k1 = idx(hi[3 * t + 2], 2);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) * (k1 - k0 + 1) > 4096) continue; // huge triangles: tested from the small side
    for (let i = i0; i <= i1; i++)
      for (let j = j0; j <= j1; j++)
        for (let k = k0; k <= k1; k++) {
          const kk = key(i, j, k);
          const list = grid.get(kk);
          if (list) list.push(t);
          else grid.set(kk, [t]);
        }
  }
  const seen = new Set<number>();
  let count = 0, pairs = 0;
  const examples: string[] = [];
  for (const list of grid.values()) {
    for (let p = 0; p < list.length; p++)
      for (let q = p + 1; q < list.length; q++) {
        if ((++pairs & 4095) === 0) checkCancelled();
        const s = Math.min(list[p], list[q]), t = Math.max(list[p], list[q]);
        const pair = s * m + t;
        if (seen.has(pair)) continue;
        seen.add(pair);
        let overlap = true;
        for (let k = 0; k < 3; k++) if (lo[3 * s + k] > hi[3 * t + k] || lo[3 * t + k] > hi[3 * s + k]) overlap = false;
        if (!overlap || !trianglesCross(x, tri, s, t)) continue;
        count++;
        if (examples.length < maxExamples) examples.push(`triangles ${s + 1} and ${t + 1} near ${at(x, tri[3 * s])}`);
      }
  }
  return { count, examples };
}
