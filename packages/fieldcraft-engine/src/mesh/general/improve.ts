// Sliver removal after refinement (as TetGen's -O optimisation): local flips (2-3, 3-2) that raise the
// smallest dihedral angle of the tets they replace, and moves of interior vertices that raise the smallest
// dihedral angle of their star. Nothing here touches a boundary piece or a vertex on the surface, so the
// boundary facets and their tags stay as they were; every new or moved tet is checked positive with the
// exact orient3d, so nothing inverts. Angles are compared as dihedralScore (no acos in the loops). Tets are visited in index order and moves are deterministic.
import { orient } from "./predicates.js";
import { dihedralScore as minDihedral, radiusEdge, scoreOfAngle } from "./tet-measures.js";
import { Mode, Outcome, type Triangulation } from "./triangulation.js";

export interface ImproveOptions {
  /** Tets below this smallest dihedral angle (degrees) are worked on. */
  target: number;
  /** A change may not raise the largest radius-edge ratio of the tets it touches above this (or above what it was). */
  radiusEdge: number;
  /** Below this smallest dihedral angle (degrees) a point may be added inside when flips and moves fail. */
  insertBelow: number;
  /** Sweeps of flips and moves (each stops early when nothing changed). */
  passes: number;
  signal?: AbortSignal;
}

export interface ImproveStats {
  flips23: number;
  flips32: number;
  /** Edges with 4 to 7 tets around removed (the n-to-2n-4 generalisation of 3-2, as TetGen's edge removal). */
  edgeRemovals: number;
  moves: number;
  /** Points added inside where neither a flip nor a move helped (a sliver whose corners are all on the surface). */
  inserted: number;
}

const quality = (T: Triangulation, t: number): number => {
  const o = 4 * t;
  return minDihedral(T.x, T.tv[o], T.tv[o + 1], T.tv[o + 2], T.tv[o + 3]);
};
const shape = (T: Triangulation, t: number): number => {
  const o = 4 * t;
  return radiusEdge(T.x, T.tv[o], T.tv[o + 1], T.tv[o + 2], T.tv[o + 3]);
};
/** The radius-edge cap for a change: the bound, or what the tets had when that was already worse. */
let reBound = 2;

/**
 * Improves the tets inside (region 1). `onSurface[v]` is 1 for vertices of the boundary: they never move.
 */
export function improveSlivers(T: Triangulation, onSurface: Uint8Array, o: ImproveOptions): ImproveStats {
  const stats: ImproveStats = { flips23: 0, flips32: 0, edgeRemovals: 0, moves: 0, inserted: 0 };
  reBound = o.radiusEdge;
  const target = scoreOfAngle(o.target);
  const insertBelow = scoreOfAngle(o.insertBelow);
  const star: number[] = [];
  const ring: number[] = [];
  // A tet where nothing helped is not tried again until one of its corners moves or its slot is reused
  // (a later pass would repeat the same failing work): its corners and the clock when it failed.
  let clock = 1;
  let failedAt = new Int32Array(T.nt);
  let failedCorners = new Int32Array(4 * T.nt);
  const movedAt = new Map<number, number>();
  const skip = (t: number): boolean => {
    if (t >= failedAt.length || failedAt[t] === 0) return false;
    const o4 = 4 * t;
    for (let k = 0; k < 4; k++) {
      const v = T.tv[o4 + k];
      if (failedCorners[o4 + k] !== v || (movedAt.get(v) ?? 0) > failedAt[t]) return false;
    }
    return true;
  };
  for (let pass = 0; pass < o.passes; pass++) {
    if (o.signal?.aborted) break;
    let changed = 0;
    const end = T.nt;
    if (failedAt.length < end) {
      const grownAt = new Int32Array(2 * end), grownCorners = new Int32Array(8 * end);
      grownAt.set(failedAt);
      grownCorners.set(failedCorners);
      failedAt = grownAt;
      failedCorners = grownCorners;
    }
    for (let t = 0; t < end; t++) {
      // A cancel stops the sweep within a thousand tets (the mesh stays valid; the caller reports the cancel).
      if ((t & 1023) === 1023 && o.signal?.aborted) return stats;
      if (!T.alive[t] || T.region[t] !== 1) continue;
      const q = quality(T, t);
      if (q >= target || skip(t)) continue;
      clock++;
      if (flipAround(T, t, ring, stats)) {
        changed++;
        continue;
      }
      // Move the tet's interior corners, tried in corner order; else (a sliver) a point inside it and its neighbours.
      let moved = -1;
      for (let k = 0; k < 4 && moved < 0; k++) {
        const v = T.tv[4 * t + k];
        if (onSurface[v]) continue;
        if (moveVertex(T, v, star)) moved = v;
      }
      if (moved >= 0) {
        movedAt.set(moved, clock);
        stats.moves++;
        changed++;
      } else if (q < insertBelow && (insertInside(T, t, star) || insertOffSurface(T, t))) {
        stats.inserted++;
        changed++;
      } else {
        failedAt[t] = clock;
        failedCorners.set(T.tv.subarray(4 * t, 4 * t + 4), 4 * t);
      }
    }
    if (changed === 0) break;
  }
  return stats;
}

/** Tries the 2-3 flips of t's faces and the 3-2 flips of its edges; the first that raises the local minimum wins. */
function flipAround(T: Triangulation, t: number, ring: number[], stats: ImproveStats): boolean {
  const o = 4 * t;
  for (let i = 0; i < 4; i++) {
    if (T.tc[o + i] >= 0) continue;
    const nb = T.tn[o + i];
    if (nb < 0 || !T.alive[nb] || T.region[nb] !== 1) continue;
    if (flip23(T, t, i, nb)) {
      stats.flips23++;
      return true;
    }
  }
  for (let p = 0; p < 3; p++)
    for (let q = p + 1; q < 4; q++) {
      if (!T.alive[t]) return true;
      const n = edgeRing(T, t, T.tv[o + p], T.tv[o + q], ring);
      if (n < 3 || n > MAX_RING) continue;
      if (n === 3 ? flip32(T, T.tv[o + p], T.tv[o + q], ring) : removeEdge(T, T.tv[o + p], T.tv[o + q], ring)) {
        if (n === 3) stats.flips32++;
        else stats.edgeRemovals++;
        return true;
      }
    }
  return false;
}

const FACE = [
  [1, 3, 2],
  [0, 2, 3],
  [0, 3, 1],
  [0, 1, 2],
];

function flip23(T: Triangulation, t: number, i: number, nb: number): boolean {
  const o = 4 * t;
  const a = T.tv[o + FACE[i][0]], b = T.tv[o + FACE[i][1]], c = T.tv[o + FACE[i][2]], d = T.tv[o + i];
  const on = 4 * nb;
  let e = -1;
  for (let k = 0; k < 4; k++) {
    const w = T.tv[on + k];
    if (w !== a && w !== b && w !== c) e = w;
  }
  // (a, b, c) sees d on its positive side; the three tets around the new edge d-e replace one face corner by e.
  const x = T.x;
  if (orient(x, e, b, c, d) <= 0 || orient(x, a, e, c, d) <= 0 || orient(x, a, b, e, d) <= 0) return false;
  const before = Math.min(quality(T, t), quality(T, nb));
  const after = Math.min(minDihedral(x, e, b, c, d), minDihedral(x, a, e, c, d), minDihedral(x, a, b, e, d));
  if (!(after > before)) return false;
  const cap = Math.max(reBound, shape(T, t), shape(T, nb));
  if (Math.max(radiusEdge(x, e, b, c, d), radiusEdge(x, a, e, c, d), radiusEdge(x, a, b, e, d)) > cap) return false;
  replace(T, [t, nb], [e, b, c, d, a, e, c, d, a, b, e, d]);
  return true;
}

function flip32(T: Triangulation, d: number, e: number, ring: number[]): boolean {
  // ring: the three tets around edge d-e; the new tets are (a, b, c, d) and (a, b, c, e).
  const x = T.x;
  const others: number[] = [];
  for (const t of ring) {
    if (T.region[t] !== 1) return false;
    for (let k = 0; k < 4; k++) {
      const w = T.tv[4 * t + k];
      if (w !== d && w !== e && !others.includes(w)) others.push(w);
    }
  }
  if (others.length !== 3) return false;
  let [a, b] = others;
  const c = others[2];
  if (orient(x, a, b, c, d) < 0) [a, b] = [b, a];
  if (orient(x, a, b, c, d) <= 0 || orient(x, b, a, c, e) <= 0) return false;
  let before = 1;
  for (const t of ring) before = Math.min(before, quality(T, t));
  const after = Math.min(minDihedral(x, a, b, c, d), minDihedral(x, b, a, c, e));
  if (!(after > before)) return false;
  let cap = reBound;
  for (const t of ring) cap = Math.max(cap, shape(T, t));
  if (Math.max(radiusEdge(x, a, b, c, d), radiusEdge(x, b, a, c, e)) > cap) return false;
  replace(T, ring.slice(), [a, b, c, d, b, a, c, e]);
  return true;
}

const MAX_RING = 7;

/** Triangulations of a convex polygon 0..n-1 as index triples (i < k < j), memoised per n. */
const polygonTriangulations = new Map<number, number[][]>();
function triangulationsOf(n: number): number[][] {
  let all = polygonTriangulations.get(n);
  if (all) return all;
  const sub = (i: number, j: number): number[][] => {
    if (j - i < 2) return [[]];
    const out: number[][] = [];
    for (let k = i + 1; k < j; k++) for (const l of sub(i, k)) for (const r of sub(k, j)) out.push([...l, i, k, j, ...r]);
    return out;
  };
  all = sub(0, n - 1);
  polygonTriangulations.set(n, all);
  return all;
}

/**
 * Removes edge d-e, whose ring of n tets is inside: the ring's polygon is triangulated (every way is tried)
 * and each triangle joined to d and to e. Kept when the best way raises the local minimum.
 */
function removeEdge(T: Triangulation, d: number, e: number, ring: number[]): boolean {
  const x = T.x;
  const n = ring.length;
  // The ring's vertices in order: tet k and tet k+1 share the face (d, e, poly[k + 1]).
  const poly: number[] = [];
  const others = (t: number, out: number[]) => {
    out.length = 0;
    for (let k = 0; k < 4; k++) {
      const w = T.tv[4 * t + k];
      if (w !== d && w !== e) out.push(w);
    }
  };
  const cur: number[] = [], next: number[] = [];
  let before = 1;
  let cap = reBound;
  for (let k = 0; k < n; k++) {
    before = Math.min(before, quality(T, ring[k]));
    cap = Math.max(cap, shape(T, ring[k]));
    others(ring[k], cur);
    others(ring[(k + 1) % n], next);
    const shared = next.includes(cur[0]) ? cur[0] : cur[1];
    poly.push(shared);
  }
  let best: number[] | null = null;
  let bestQ = before;
  for (const tri of triangulationsOf(n)) {
    let q = 1;
    let side = 0;
    const tets: number[] = [];
    for (let j = 0; j < tri.length && q > bestQ; j += 3) {
      const a = poly[tri[j]], b = poly[tri[j + 1]], c = poly[tri[j + 2]];
      const sd = orient(x, a, b, c, d), se = orient(x, a, b, c, e);
      if (sd === 0 || se === 0 || Math.sign(sd) === Math.sign(se) || (side !== 0 && Math.sign(sd) !== side)) {
        q = -2;
        break;
      }
      side = Math.sign(sd);
      const t1 = side > 0 ? [a, b, c, d] : [b, a, c, d];
      const t2 = side > 0 ? [b, a, c, e] : [a, b, c, e];
      for (const tt of [t1, t2]) {
        q = Math.min(q, minDihedral(x, tt[0], tt[1], tt[2], tt[3]));
        if (radiusEdge(x, tt[0], tt[1], tt[2], tt[3]) > cap) q = -2;
        tets.push(...tt);
      }
    }
    if (q > bestQ) {
      bestQ = q;
      best = tets;
    }
  }
  if (!best) return false;
  replace(T, ring.slice(), best);
  return true;
}

/** The tets around edge (u, v) starting at t into ring; their count, or -1 when the walk leaves the inside. */
function edgeRing(T: Triangulation, t: number, u: number, v: number, ring: number[]): number {
  ring.length = 0;
  let prev = -1;
  let cur = t;
  for (let guard = 0; guard < 64; guard++) {
    ring.push(cur);
    const o = 4 * cur;
    let next = -1;
    for (let i = 0; i < 4; i++) {
      const w = T.tv[o + i];
      if (w === u || w === v) continue;
      // Face i (opposite w) holds u and v.
      const nb = T.tn[o + i];
      if (nb === prev) continue;
      if (T.tc[o + i] >= 0 || nb < 0 || T.region[nb] !== 1) return -1;
      next = nb;
      break;
    }
    if (next < 0) return -1;
    if (next === t) return ring.length;
    prev = cur;
    cur = next;
  }
  return -1;
}

/** Replaces tets `old` by tets with the given corners (4 per tet, positive), linking faces with the outside. */
function replace(T: Triangulation, old: number[], corners: number[]): void {
  // The outer faces of the old tets: corners, the tet beyond and its face index, the constraint.
  const outer: number[] = [];
  for (const t of old)
    for (let i = 0; i < 4; i++) {
      const nb = T.tn[4 * t + i];
      if (nb >= 0 && old.includes(nb)) continue;
      const f = FACE[i];
      outer.push(T.tv[4 * t + f[0]], T.tv[4 * t + f[1]], T.tv[4 * t + f[2]], nb, nb >= 0 ? T.backFace(nb, t) : -1, T.tc[4 * t + i]);
    }
  for (const t of old) T.alive[t] = 0;
  for (let k = old.length - 1; k >= 0; k--) T.free.push(old[k]);
  const made: number[] = [];
  for (let k = 0; k < corners.length; k += 4) {
    const t = T.newTet(corners[k], corners[k + 1], corners[k + 2], corners[k + 3]);
    T.region[t] = 1;
    made.push(t);
  }
  const has = (t: number, i: number, a: number, b: number, c: number) => {
    const o = 4 * t;
    const f = FACE[i];
    const p = T.tv[o + f[0]], q = T.tv[o + f[1]], r = T.tv[o + f[2]];
    return (p === a || p === b || p === c) && (q === a || q === b || q === c) && (r === a || r === b || r === c);
  };
  for (const t of made)
    for (let i = 0; i < 4; i++) {
      const o = 4 * t;
      const f = FACE[i];
      const a = T.tv[o + f[0]], b = T.tv[o + f[1]], c = T.tv[o + f[2]];
      let linked = false;
      for (let j = 0; j < outer.length; j += 6) {
        const p = outer[j], q = outer[j + 1], r = outer[j + 2];
        if (!((a === p || a === q || a === r) && (b === p || b === q || b === r) && (c === p || c === q || c === r))) continue;
        const nb = outer[j + 3];
        T.tn[o + i] = nb;
        T.tc[o + i] = outer[j + 5];
        if (nb >= 0) T.tn[4 * nb + outer[j + 4]] = t;
        linked = true;
        break;
      }
      if (linked) continue;
      for (const s of made) {
        if (s === t) continue;
        for (let k = 0; k < 4; k++)
          if (has(s, k, a, b, c)) {
            T.tn[o + i] = s;
            linked = true;
          }
        if (linked) break;
      }
      if (!linked) throw new Error("internal error: a flip left a face unlinked");
    }
}

/** The tets around vertex v into star (a walk over faces holding v); false when some tet is not inside. */
function starOf(T: Triangulation, v: number, star: number[]): boolean {
  star.length = 0;
  const start = T.vertTet[v];
  if (start < 0 || !T.alive[start]) return false;
  star.push(start);
  for (let q = 0; q < star.length; q++) {
    const t = star[q];
    if (T.region[t] !== 1) return false;
    for (let i = 0; i < 4; i++) {
      if (T.tv[4 * t + i] === v) continue;
      const nb = T.tn[4 * t + i];
      if (nb < 0) return false;
      if (!star.includes(nb)) star.push(nb);
    }
  }
  return true;
}

const STEPS = [0.3, 0.15, 0.07, 0.03];
const saved = new Float64Array(3);
const best = new Float64Array(3);

/**
 * Moves interior vertex v to raise the smallest dihedral angle of its star: tries the centroid of its
 * neighbours, then steps away from the worst tet's opposite face; keeps the best position only when every
 * tet stays positive (exact) and the star's minimum rises.
 */
function moveVertex(T: Triangulation, v: number, star: number[]): boolean {
  if (!starOf(T, v, star)) return false;
  const x = T.x;
  saved[0] = x[3 * v];
  saved[1] = x[3 * v + 1];
  saved[2] = x[3 * v + 2];
  let cap = reBound;
  // The star's smallest score, or -2 when a tet inverts or passes the radius-edge cap; it gives up as soon as
  // it cannot beat `floor` (the best so far), which skips most of the work for poor candidates.
  const starMin = (floor: number): number => {
    let m = 1;
    for (const t of star) {
      const q = quality(T, t);
      if (q <= floor) return -2;
      if (q < m) m = q;
    }
    for (const t of star) {
      const o = 4 * t;
      if (orient(x, T.tv[o], T.tv[o + 1], T.tv[o + 2], T.tv[o + 3]) <= 0) return -2;
      if (shape(T, t) > cap) return -2;
    }
    return m;
  };
  const set = (px: number, py: number, pz: number) => {
    x[3 * v] = px;
    x[3 * v + 1] = py;
    x[3 * v + 2] = pz;
  };
  for (const t of star) cap = Math.max(cap, shape(T, t));
  const start = starMin(-3);
  let bestQ = start;
  best.set(saved);
  // The neighbours' centroid and the mean edge length from v.
  let cx = 0, cy = 0, cz = 0, n = 0, len = 0;
  for (const t of star)
    for (let k = 0; k < 4; k++) {
      const w = T.tv[4 * t + k];
      if (w === v) continue;
      cx += x[3 * w];
      cy += x[3 * w + 1];
      cz += x[3 * w + 2];
      len += Math.hypot(x[3 * w] - saved[0], x[3 * w + 1] - saved[1], x[3 * w + 2] - saved[2]);
      n++;
    }
  cx /= n;
  cy /= n;
  cz /= n;
  len /= n;
  const tryAt = (px: number, py: number, pz: number) => {
    set(px, py, pz);
    const q = starMin(bestQ);
    if (q > bestQ) {
      bestQ = q;
      best[0] = px;
      best[1] = py;
      best[2] = pz;
    }
  };
  tryAt(cx, cy, cz);
  // Steps from the best point so far along the normal of the worst tet's face opposite v (raising its height).
  for (let round = 0; round < 4; round++) {
    set(best[0], best[1], best[2]);
    let worst = -1, wq = 2;
    for (const t of star) {
      const q = quality(T, t);
      if (q < wq) {
        wq = q;
        worst = t;
      }
    }
    const o = 4 * worst;
    let slot = 0;
    while (T.tv[o + slot] !== v) slot++;
    const f = FACE[slot];
    const p = T.tv[o + f[0]], q = T.tv[o + f[1]], r = T.tv[o + f[2]];
    const ux = x[3 * q] - x[3 * p], uy = x[3 * q + 1] - x[3 * p + 1], uz = x[3 * q + 2] - x[3 * p + 2];
    const wx = x[3 * r] - x[3 * p], wy = x[3 * r + 1] - x[3 * p + 1], wz = x[3 * r + 2] - x[3 * p + 2];
    let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    const nl = Math.hypot(nx, ny, nz);
    if (nl === 0) break;
    nx /= nl;
    ny /= nl;
    nz /= nl;
    // Face f sees v on its positive side: the normal (u x w) points towards v's side.
    const before = bestQ;
    const bx = best[0], by = best[1], bz = best[2];
    for (const s of STEPS) tryAt(bx + s * len * nx, by + s * len * ny, bz + s * len * nz);
    if (!(bestQ > before)) break;
  }
  set(best[0], best[1], best[2]);
  return bestQ > start;
}

const DIRS = [1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 1, 0, 0, -1];

/**
 * Replaces sliver t and its neighbours inside by the star of a new point, placed by a pattern search that
 * maximises the smallest score of the new tets; kept only when that beats the tets it replaces.
 */
function insertInside(T: Triangulation, t: number, union: number[]): boolean {
  for (let layers = 1; layers <= 2; layers++) if (insertIn(T, t, union, layers)) return true;
  return false;
}

function insertIn(T: Triangulation, t: number, union: number[], layers: number): boolean {
  union.length = 0;
  union.push(t);
  // Neighbours inside, across faces that are not boundary pieces, `layers` deep.
  for (let layer = 0, from = 0; layer < layers; layer++) {
    const to = union.length;
    for (let q = from; q < to; q++) {
      const u = union[q];
      for (let i = 0; i < 4; i++) {
        const nb = T.tn[4 * u + i];
        if (T.tc[4 * u + i] < 0 && nb >= 0 && T.region[nb] === 1 && !union.includes(nb)) union.push(nb);
      }
    }
    from = to;
  }
  if (union.length < 2) return false;
  // The union's outer faces, each oriented to see the union on its positive side.
  const faces: number[] = [];
  let before = 1;
  let cap = reBound;
  let cx = 0, cy = 0, cz = 0, n = 0;
  // Read through T.x again after addVertex below: it may grow (a new array), and writes to the old one are lost.
  let x = T.x;
  for (const u of union) {
    before = Math.min(before, quality(T, u));
    cap = Math.max(cap, shape(T, u));
    for (let i = 0; i < 4; i++) {
      const nb = T.tn[4 * u + i];
      if (nb >= 0 && union.includes(nb)) continue;
      const f = FACE[i];
      faces.push(T.tv[4 * u + f[0]], T.tv[4 * u + f[1]], T.tv[4 * u + f[2]]);
    }
    for (let k = 0; k < 4; k++) {
      const w = T.tv[4 * u + k];
      cx += x[3 * w];
      cy += x[3 * w + 1];
      cz += x[3 * w + 2];
      n++;
    }
  }
  // Every corner must stay on the union's boundary (none swallowed).
  for (const u of union)
    for (let k = 0; k < 4; k++) {
      const w = T.tv[4 * u + k];
      let found = false;
      for (let j = 0; j < faces.length && !found; j++) found = faces[j] === w;
      if (!found) return false;
    }
  const p = T.addVertex(cx / n, cy / n, cz / n);
  x = T.x;
  let len = 0;
  for (let j = 0; j < faces.length; j++) len += Math.hypot(x[3 * faces[j]] - x[3 * p], x[3 * faces[j] + 1] - x[3 * p + 1], x[3 * faces[j] + 2] - x[3 * p + 2]);
  len /= faces.length;
  const evaluate = (floor: number): number => {
    let m = 1;
    for (let j = 0; j < faces.length; j += 3) {
      const q = minDihedral(x, faces[j], faces[j + 1], faces[j + 2], p);
      if (q <= floor) return -2;
      if (q < m) m = q;
    }
    for (let j = 0; j < faces.length; j += 3) {
      if (orient(x, faces[j], faces[j + 1], faces[j + 2], p) <= 0) return -2;
      if (radiusEdge(x, faces[j], faces[j + 1], faces[j + 2], p) > cap) return -2;
    }
    return m;
  };
  let bestQ = evaluate(-3);
  let bx = x[3 * p], by = x[3 * p + 1], bz = x[3 * p + 2];
  // Other starts: t's centroid pushed inwards along the normals of t's faces on the surface (a sliver capping a
  // surface edge wants its new point off the surface), by a few fractions of the edge length.
  let tx = 0, ty = 0, tz = 0, nx = 0, ny = 0, nz = 0;
  for (let k = 0; k < 4; k++) {
    const w = T.tv[4 * t + k];
    tx += x[3 * w] / 4;
    ty += x[3 * w + 1] / 4;
    tz += x[3 * w + 2] / 4;
  }
  [nx, ny, nz] = surfaceFaceNormals(T, t);
  const nl = Math.hypot(nx, ny, nz);
  for (const f of nl > 0 ? [0, 0.25, 0.5, 0.75] : [0]) {
    x[3 * p] = tx + (f * len * nx) / (nl || 1);
    x[3 * p + 1] = ty + (f * len * ny) / (nl || 1);
    x[3 * p + 2] = tz + (f * len * nz) / (nl || 1);
    const q = evaluate(bestQ);
    if (q > bestQ) {
      bestQ = q;
      bx = x[3 * p];
      by = x[3 * p + 1];
      bz = x[3 * p + 2];
    }
  }
  for (const step of [0.2, 0.1, 0.05, 0.025]) {
    for (let round = 0; round < 3; round++) {
      const ox = bx, oy = by, oz = bz;
      let improved = false;
      for (let d = 0; d < 18; d += 3) {
        x[3 * p] = ox + step * len * DIRS[d];
        x[3 * p + 1] = oy + step * len * DIRS[d + 1];
        x[3 * p + 2] = oz + step * len * DIRS[d + 2];
        const q = evaluate(bestQ);
        if (q > bestQ) {
          bestQ = q;
          bx = x[3 * p];
          by = x[3 * p + 1];
          bz = x[3 * p + 2];
          improved = true;
        }
      }
      if (!improved) break;
    }
  }
  x[3 * p] = bx;
  x[3 * p + 1] = by;
  x[3 * p + 2] = bz;
  if (!(bestQ > before)) {
    T.nv--;
    return false;
  }
  const corners: number[] = [];
  for (let j = 0; j < faces.length; j += 3) corners.push(faces[j], faces[j + 1], faces[j + 2], p);
  replace(T, union.slice(), corners);
  return true;
}

/** The sum of the unit normals (corner order of FACE) of t's faces that carry a boundary piece (tc >= 0). */
function surfaceFaceNormals(T: Triangulation, t: number): [number, number, number] {
  const x = T.x;
  let nx = 0, ny = 0, nz = 0;
  for (let i = 0; i < 4; i++) {
    if (T.tc[4 * t + i] < 0) continue;
    const f = FACE[i];
    const a = T.tv[4 * t + f[0]], b = T.tv[4 * t + f[1]], c = T.tv[4 * t + f[2]];
    const ux = x[3 * b] - x[3 * a], uy = x[3 * b + 1] - x[3 * a + 1], uz = x[3 * b + 2] - x[3 * a + 2];
    const wx = x[3 * c] - x[3 * a], wy = x[3 * c + 1] - x[3 * a + 1], wz = x[3 * c + 2] - x[3 * a + 2];
    const mx = uy * wz - uz * wy, my = uz * wx - ux * wz, mz = ux * wy - uy * wx;
    const ml = Math.hypot(mx, my, mz) || 1;
    nx += mx / ml;
    ny += my / ml;
    nz += mz / ml;
  }
  return [nx, ny, nz];
}

/**
 * A sliver with faces on the surface (all corners there, so nothing can move): a point is tried at a few
 * depths inside, off its surface faces, with a cavity that treats boundary pieces as walls; the deepest
 * improvement is inserted when its new tets beat the tets its cavity replaces.
 */
function insertOffSurface(T: Triangulation, t: number): boolean {
  const x = T.x;
  let nx = 0, ny = 0, nz = 0, cx = 0, cy = 0, cz = 0, len = 0;
  for (let k = 0; k < 4; k++) {
    const w = T.tv[4 * t + k];
    cx += x[3 * w] / 4;
    cy += x[3 * w + 1] / 4;
    cz += x[3 * w + 2] / 4;
    for (let j = k + 1; j < 4; j++) {
      const u = T.tv[4 * t + j];
      len += Math.hypot(x[3 * w] - x[3 * u], x[3 * w + 1] - x[3 * u + 1], x[3 * w + 2] - x[3 * u + 2]) / 6;
    }
  }
  [nx, ny, nz] = surfaceFaceNormals(T, t);
  const nl = Math.hypot(nx, ny, nz);
  if (!(nl > 0)) return false;
  nx /= nl;
  ny /= nl;
  nz /= nl;
  let bestQ = -2, bestF = -1;
  for (const f of [0.3, 0.5, 0.7, 0.9]) {
    const p = T.addVertex(cx + f * len * nx, cy + f * len * ny, cz + f * len * nz);
    const x = T.x;
    T.dryRun = true;
    const r = T.insert(p, t, Mode.Walled);
    T.dryRun = false;
    if (r === Outcome.Planned) {
      let before = 1, cap = reBound;
      for (const u of T.cavityTets) {
        before = Math.min(before, quality(T, u));
        cap = Math.max(cap, shape(T, u));
      }
      let after = 1;
      for (const fi of T.cavityFaces) {
        const u = fi >> 2, g = FACE[fi & 3];
        const a = T.tv[4 * u + g[0]], b = T.tv[4 * u + g[1]], c = T.tv[4 * u + g[2]];
        after = Math.min(after, minDihedral(x, a, b, c, p));
        if (after <= Math.max(before, bestQ) || radiusEdge(x, a, b, c, p) > cap) {
          after = -2;
          break;
        }
      }
      if (after > before && after > bestQ) {
        bestQ = after;
        bestF = f;
      }
    }
    T.nv--;
  }
  if (bestF < 0) return false;
  const p = T.addVertex(cx + bestF * len * nx, cy + bestF * len * ny, cz + bestF * len * nz);
  if (T.insert(p, t, Mode.Walled) !== Outcome.Inserted) {
    T.nv--;
    return false;
  }
  for (const n of T.created) T.region[n] = 1;
  return true;
}
