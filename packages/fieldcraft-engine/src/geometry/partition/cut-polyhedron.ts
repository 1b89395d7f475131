// A general cut: the body's closed triangle surface clipped by the plane on each side, the section closed by a cap
// (the section's loops triangulated once, earcut, and used reversed by the other side, so both cells' cut faces
// are one triangulation). The cells are general polyhedra (kind "mesh"): the general tet mesher meshes them.
import earcut from "earcut";
import { orient2d } from "robust-predicates";
import { checkCancelled } from "../../fem/cancel-scope.js";
import { delaunayFlips } from "./delaunay-flip.js";
import type { Plane } from "../datum.js";
import type { Body } from "../types.js";
import { bodySurface, planeAxes, splitTJunctions, surfaceBody, type TaggedSurface } from "./surface-body.js";

export type PolyhedronCut = { ok: true; a: TaggedSurface; b: TaggedSurface } | { ok: false; miss: true } | { ok: false; miss: false; error: string };

export function cutPolyhedron(s: TaggedSurface, plane: Plane, capA: string, capB: string): PolyhedronCut {
  const x = s.positions.slice();
  const n = plane.normal, p0 = plane.point;
  let extent = 0;
  for (const v of x) extent = Math.max(extent, Math.abs(v));
  const eps = 1e-10 * (extent || 1);
  const nv0 = x.length / 3;
  const d: number[] = [];
  for (let i = 0; i < nv0; i++) {
    const di = n[0] * (x[3 * i] - p0[0]) + n[1] * (x[3 * i + 1] - p0[1]) + n[2] * (x[3 * i + 2] - p0[2]);
    d.push(Math.abs(di) <= eps ? 0 : di);
  }
  if (d.every((v) => v >= 0) || d.every((v) => v <= 0)) return { ok: false, miss: true };
  // One new vertex per crossed edge, shared by both sides.
  const crossing = new Map<string, number>();
  const cross = (u: number, v: number): number => {
    const key = u < v ? `${u},${v}` : `${v},${u}`;
    let m = crossing.get(key);
    if (m === undefined) {
      const t = d[u] / (d[u] - d[v]);
      m = x.length / 3;
      for (let k = 0; k < 3; k++) x.push(x[3 * u + k] + t * (x[3 * v + k] - x[3 * u + k]));
      d.push(0);
      crossing.set(key, m);
    }
    return m;
  };
  const sides = { a: { triangles: [] as number[], faceOf: [] as string[] }, b: { triangles: [] as number[], faceOf: [] as string[] } };
  for (let t = 0; t < s.triangles.length / 3; t++) {
    if ((t & 4095) === 4095) checkCancelled();
    const tri = [s.triangles[3 * t], s.triangles[3 * t + 1], s.triangles[3 * t + 2]];
    if (tri.every((v) => d[v] === 0)) {
      // A face in the plane bounds the side its outward normal leaves (cell a lies where n . (x - p) < 0).
      const u = [0, 1, 2].map((k) => x[3 * tri[1] + k] - x[3 * tri[0] + k]), w = [0, 1, 2].map((k) => x[3 * tri[2] + k] - x[3 * tri[0] + k]);
      const along = (u[1] * w[2] - u[2] * w[1]) * n[0] + (u[2] * w[0] - u[0] * w[2]) * n[1] + (u[0] * w[1] - u[1] * w[0]) * n[2];
      const side = along > 0 ? sides.a : sides.b;
      side.triangles.push(...tri);
      side.faceOf.push(s.faceOf[t]);
      continue;
    }
    for (const [sign, side] of [[-1, sides.a], [1, sides.b]] as const) {
      // Sutherland-Hodgman against sign * d >= 0; the piece of a triangle is convex, so a fan triangulates it.
      const poly: number[] = [];
      for (let k = 0; k < 3; k++) {
        const u = tri[k], v = tri[(k + 1) % 3];
        const du = sign * d[u], dv = sign * d[v];
        if (du >= 0) poly.push(u);
        if ((du > 0 && dv < 0) || (du < 0 && dv > 0)) poly.push(cross(u, v));
      }
      if (poly.length < 3 || poly.every((v) => d[v] === 0)) continue;
      for (let k = 1; k + 1 < poly.length; k++) {
        side.triangles.push(poly[0], poly[k], poly[k + 1]);
        side.faceOf.push(s.faceOf[t]);
      }
    }
  }
  if (sides.a.triangles.length === 0 || sides.b.triangles.length === 0) return { ok: false, miss: true };

  // The section: side a's open edges (their reverse is missing), all in the plane, chained into loops.
  const directed = new Set<string>();
  const ta = sides.a.triangles;
  for (let t = 0; t < ta.length / 3; t++) for (let e = 0; e < 3; e++) directed.add(`${ta[3 * t + e]},${ta[3 * t + ((e + 1) % 3)]}`);
  const next = new Map<number, number[]>();
  for (const key of directed) {
    const [u, v] = key.split(",").map(Number);
    if (directed.has(`${v},${u}`)) continue;
    if (d[u] !== 0 || d[v] !== 0) return { ok: false, miss: false, error: "the body's surface is not closed where the plane cuts it" };
    // The cap runs the open edges backwards.
    next.set(v, [...(next.get(v) ?? []), u]);
  }
  const loops: number[][] = [];
  for (const start of [...next.keys()]) {
    while ((next.get(start)?.length ?? 0) > 0) {
      const loop = [start];
      let at = next.get(start)!.pop()!;
      let guard = 0;
      while (at !== start) {
        loop.push(at);
        const out = next.get(at);
        if (!out?.length || ++guard > 1e7) return { ok: false, miss: false, error: "the section of the body by the plane is not made of closed loops" };
        at = out.pop()!;
      }
      loops.push(loop);
    }
  }
  // Earcut each outer loop with the loops inside it (nesting by containment; the depth's parity tells holes).
  const [u, v] = planeAxes(n);
  const flat = (i: number) => [x[3 * i] * u[0] + x[3 * i + 1] * u[1] + x[3 * i + 2] * u[2], x[3 * i] * v[0] + x[3 * i + 1] * v[1] + x[3 * i + 2] * v[2]];
  const pts = loops.map((l) => l.map(flat));
  const area = pts.map((P) => Math.abs(P.reduce((s2, p, k) => s2 + p[0] * P[(k + 1) % P.length][1] - P[(k + 1) % P.length][0] * p[1], 0)) / 2);
  const contains = (P: number[][], q: number[]) => {
    let c = false;
    for (let i = 0, j = P.length - 1; i < P.length; j = i++)
      if (P[i][1] > q[1] !== P[j][1] > q[1] && q[0] < ((P[j][0] - P[i][0]) * (q[1] - P[i][1])) / (P[j][1] - P[i][1]) + P[i][0]) c = !c;
    return c;
  };
  // A loop's probe: the midpoint of its first edge nudged off nothing (loops do not cross).
  const probe = (k: number) => [(pts[k][0][0] + pts[k][1][0]) / 2, (pts[k][0][1] + pts[k][1][1]) / 2];
  const parents = loops.map((_, k) => loops.map((_, j) => j).filter((j) => j !== k && area[j] > area[k] && contains(pts[j], probe(k))));
  const cap: number[] = [];
  loops.forEach((loop, k) => {
    if (parents[k].length % 2 === 1) return;
    const holes = loops.map((_, j) => j).filter((j) => parents[j].length === parents[k].length + 1 && parents[j].includes(k));
    const coords: number[] = [], starts: number[] = [], ids: number[] = [];
    for (const j of [k, ...holes]) {
      if (j !== k) starts.push(coords.length / 2);
      for (let m = 0; m < loops[j].length; m++) coords.push(...pts[j][m]), ids.push(loops[j][m]);
    }
    const tris = earcut(coords, starts.length ? starts : undefined, 2);
    // Counter-clockwise in the plane's axes, then flipped to Delaunay (no sliver ears of collinear section points).
    const at = ids.map((_, j) => [coords[2 * j], coords[2 * j + 1]]);
    for (let m = 0; m < tris.length; m += 3) if (orient2d(at[tris[m]][0], at[tris[m]][1], at[tris[m + 1]][0], at[tris[m + 1]][1], at[tris[m + 2]][0], at[tris[m + 2]][1]) > 0) [tris[m + 1], tris[m + 2]] = [tris[m + 2], tris[m + 1]];
    delaunayFlips(at, tris);
    for (let m = 0; m < tris.length; m += 3) {
      const [i0, i1, i2] = [ids[tris[m]], ids[tris[m + 1]], ids[tris[m + 2]]];
      // Cell a's cap faces +n.
      const e1 = [0, 1, 2].map((c) => x[3 * i1 + c] - x[3 * i0 + c]), e2 = [0, 1, 2].map((c) => x[3 * i2 + c] - x[3 * i0 + c]);
      const along = (e1[1] * e2[2] - e1[2] * e2[1]) * n[0] + (e1[2] * e2[0] - e1[0] * e2[2]) * n[1] + (e1[0] * e2[1] - e1[1] * e2[0]) * n[2];
      cap.push(i0, along > 0 ? i1 : i2, along > 0 ? i2 : i1);
    }
  });
  const a: TaggedSurface = { positions: x, triangles: [...sides.a.triangles, ...cap], faceOf: [...sides.a.faceOf, ...cap.filter((_, k) => k % 3 === 0).map(() => capA)] };
  const reversed: number[] = [];
  for (let m = 0; m < cap.length; m += 3) reversed.push(cap[m], cap[m + 2], cap[m + 1]);
  const b: TaggedSurface = { positions: x, triangles: [...sides.b.triangles, ...reversed], faceOf: [...sides.b.faceOf, ...reversed.filter((_, k) => k % 3 === 0).map(() => capB)] };
  // Earcut drops a loop point exactly in line with its neighbours (a section crossing a face's diagonal): the cap
  // triangle over it takes it back, so the surface stays closed.
  return { ok: true, a: splitTJunctions(a), b: splitTJunctions(b) };
}

/** Cells `<body>/a` and `<body>/b` of a general cut as bodies of kind "mesh". */
export function cutGeneral(body: Body, plane: Plane, cells: { a: Pick<Body, "name" | "cell">; b: Pick<Body, "name" | "cell"> }, caps: { a: string; b: string }): { kind: "cut"; cells: [Body, Body] } | { kind: "miss" } | { kind: "refused"; error: string } {
  const out = cutPolyhedron(bodySurface(body), plane, caps.a, caps.b);
  if (!out.ok) return out.miss ? { kind: "miss" } : { kind: "refused", error: `body "${body.name}": ${out.error}` };
  return { kind: "cut", cells: [surfaceBody(cells.a, out.a), surfaceBody(cells.b, out.b)] };
}
