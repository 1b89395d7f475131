// A body's boundary as a closed triangle surface with a face per triangle, and a body of kind "mesh" built from
// one: what an oblique partition cut makes (a general polyhedron, meshed by the general tet mesher).
import earcut from "earcut";
import { checkCancelled } from "../../fem/cancel-scope.js";
import type { Body, BodyEdge, BodyFace, Vec3 } from "../types.js";

export interface TaggedSurface {
  positions: number[];
  /** Three vertices per triangle, counter-clockwise seen from outside. */
  triangles: number[];
  /** The face name of each triangle. */
  faceOf: string[];
}

/** Two in-plane axes (u, v) with u x v = n. */
export function planeAxes(n: readonly number[]): [Vec3, Vec3] {
  const ax = Math.abs(n[0]), ay = Math.abs(n[1]), az = Math.abs(n[2]);
  const h = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const u: Vec3 = [n[1] * h[2] - n[2] * h[1], n[2] * h[0] - n[0] * h[2], n[0] * h[1] - n[1] * h[0]];
  const l = Math.hypot(u[0], u[1], u[2]);
  for (let k = 0; k < 3; k++) u[k] /= l;
  const v: Vec3 = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  return [u, v];
}

const extentOf = (positions: readonly number[]) => {
  let m = 0;
  for (const x of positions) m = Math.max(m, Math.abs(x));
  return m || 1;
};

/** Vertices welded by position (rounded to 1e-9 of the extent). */
class Welder {
  positions: number[] = [];
  private at = new Map<string, number>();
  constructor(private readonly q: number) {}
  add(p: readonly number[]): number {
    const key = `${Math.round(p[0] / this.q)},${Math.round(p[1] / this.q)},${Math.round(p[2] / this.q)}`;
    let i = this.at.get(key);
    if (i === undefined) {
      i = this.positions.length / 3;
      this.positions.push(p[0], p[1], p[2]);
      this.at.set(key, i);
    }
    return i;
  }
}

/** The closed boundary of a body: an imported surface as it is, a design body's faces triangulated (earcut). */
export function bodySurface(body: Body): TaggedSurface {
  if (body.surface) {
    const s = body.surface;
    return { positions: Array.from(s.positions), triangles: Array.from(s.triangles), faceOf: Array.from(s.faceOf, (f) => body.faces[f].name) };
  }
  const all = body.faces.flatMap((f) => f.patches.flatMap((p) => p.loops.flat().flat()));
  const w = new Welder(1e-9 * extentOf(all));
  const triangles: number[] = [];
  const faceOf: string[] = [];
  for (const face of body.faces) {
    const [u, v] = planeAxes(face.normal);
    for (const patch of face.patches) {
      const flat: number[] = [], holes: number[] = [], ids: number[] = [];
      patch.loops.forEach((loop, li) => {
        if (li > 0) holes.push(flat.length / 2);
        for (const p of loop) {
          flat.push(p[0] * u[0] + p[1] * u[1] + p[2] * u[2], p[0] * v[0] + p[1] * v[1] + p[2] * v[2]);
          ids.push(w.add(p));
        }
      });
      const tris = earcut(flat, holes.length ? holes : undefined, 2);
      for (let k = 0; k < tris.length; k += 3) {
        const [a, b, c] = [ids[tris[k]], ids[tris[k + 1]], ids[tris[k + 2]]];
        if (a === b || b === c || c === a) continue;
        // Outward: the triangle's normal along the face's.
        const out = orientation(w.positions, a, b, c, face.normal) > 0;
        triangles.push(a, out ? b : c, out ? c : b);
        faceOf.push(face.name);
      }
    }
  }
  return splitTJunctions({ positions: w.positions, triangles, faceOf });
}

function orientation(x: readonly number[], a: number, b: number, c: number, n: readonly number[]): number {
  const ux = x[3 * b] - x[3 * a], uy = x[3 * b + 1] - x[3 * a + 1], uz = x[3 * b + 2] - x[3 * a + 2];
  const vx = x[3 * c] - x[3 * a], vy = x[3 * c + 1] - x[3 * a + 1], vz = x[3 * c + 2] - x[3 * a + 2];
  return (uy * vz - uz * vy) * n[0] + (uz * vx - ux * vz) * n[1] + (ux * vy - uy * vx) * n[2];
}

/**
 * Triangles split where another vertex lies inside one of their edges (faces meshed apart meet at T-junctions:
 * a box union's face may have a corner where its neighbour's edge runs straight), so the surface is manifold.
 * Only an edge whose reverse is missing can hold a T-junction, and only a vertex of such an edge can be the one
 * inside: a closed surface with a short open seam (a cut face's copied facets) costs the seam's size squared.
 */
export function splitTJunctions(s: TaggedSurface): TaggedSurface {
  const x = s.positions;
  const tol = 1e-9 * extentOf(x);
  const tris: number[][] = [];
  for (let t = 0; t < s.triangles.length / 3; t++) tris.push([s.triangles[3 * t], s.triangles[3 * t + 1], s.triangles[3 * t + 2]]);
  const faceOf = s.faceOf.slice();
  // Directed edges with their multiplicity.
  const directed = new Map<string, number>();
  const count = (u: number, v: number, by: number) => {
    const k = `${u},${v}`;
    const n = (directed.get(k) ?? 0) + by;
    if (n === 0) directed.delete(k);
    else directed.set(k, n);
  };
  const edgesOf = (tri: number[], by: number) => {
    for (let e = 0; e < 3; e++) count(tri[e], tri[(e + 1) % 3], by);
  };
  for (const tri of tris) edgesOf(tri, 1);
  const open = new Set<number>();
  for (const k of directed.keys()) {
    const [u, v] = k.split(",").map(Number);
    if (!directed.has(`${v},${u}`)) open.add(u).add(v);
  }
  const candidates = [...open].sort((a, b) => a - b);
  const inside = (u: number, v: number): number => {
    if (directed.has(`${v},${u}`)) return -1;
    const dx = x[3 * v] - x[3 * u], dy = x[3 * v + 1] - x[3 * u + 1], dz = x[3 * v + 2] - x[3 * u + 2];
    const l2 = dx * dx + dy * dy + dz * dz;
    let best = -1, bestT = 2;
    for (const w of candidates) {
      if (w === u || w === v) continue;
      const px = x[3 * w] - x[3 * u], py = x[3 * w + 1] - x[3 * u + 1], pz = x[3 * w + 2] - x[3 * u + 2];
      const t = (px * dx + py * dy + pz * dz) / l2;
      if (t <= 1e-9 || t >= 1 - 1e-9) continue;
      const ex = px - t * dx, ey = py - t * dy, ez = pz - t * dz;
      if (ex * ex + ey * ey + ez * ez <= tol * tol && t < bestT) (best = w), (bestT = t);
    }
    return best;
  };
  const queue = tris.map((_, i) => i);
  for (let step = 0; queue.length; step++) {
    if ((step & 4095) === 4095) checkCancelled();
    const t = queue.pop()!;
    const tri = tris[t];
    for (let e = 0; e < 3; e++) {
      const u = tri[e], v = tri[(e + 1) % 3], o = tri[(e + 2) % 3];
      const w = inside(u, v);
      if (w < 0) continue;
      edgesOf(tri, -1);
      tris[t] = [u, w, o];
      tris.push([w, v, o]);
      edgesOf(tris[t], 1);
      edgesOf(tris[tris.length - 1], 1);
      faceOf.push(faceOf[t]);
      queue.push(t, tris.length - 1);
      break;
    }
  }
  return { positions: x, triangles: tris.flat(), faceOf };
}

/** A body of kind "mesh" from a closed outward surface: faces (a patch per triangle), edges between faces, volume. */
export function surfaceBody(base: Pick<Body, "name" | "cell">, s: TaggedSurface): Body {
  // Only the vertices used, numbered in order of use.
  const map = new Map<number, number>();
  const pos: number[] = [];
  const tri = s.triangles.map((v) => {
    let i = map.get(v);
    if (i === undefined) {
      i = pos.length / 3;
      map.set(v, i);
      pos.push(s.positions[3 * v], s.positions[3 * v + 1], s.positions[3 * v + 2]);
    }
    return i;
  });
  const names = [...new Set(s.faceOf)];
  const index = new Map(names.map((n, i) => [n, i]));
  const point = (v: number): Vec3 => [pos[3 * v], pos[3 * v + 1], pos[3 * v + 2]];
  const faces: BodyFace[] = names.map((name) => ({ name, normal: [0, 0, 0], area: 0, patches: [] }));
  let volume = 0;
  for (let t = 0; t < tri.length / 3; t++) {
    const [a, b, c] = [point(tri[3 * t]), point(tri[3 * t + 1]), point(tri[3 * t + 2])];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const f = faces[index.get(s.faceOf[t])!];
    f.area += Math.hypot(n[0], n[1], n[2]) / 2;
    for (let k = 0; k < 3; k++) f.normal[k] += n[k];
    f.patches.push({ loops: [[a, b, c]] });
    volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
  }
  for (const f of faces) {
    const l = Math.hypot(f.normal[0], f.normal[1], f.normal[2]) || 1;
    f.normal = [f.normal[0] / l, f.normal[1] / l, f.normal[2] / l];
  }
  // Edges: mesh edges whose two triangles lie on different faces, grouped by the pair of face names.
  const owner = new Map<string, number>();
  const pairs = new Map<string, { faces: [string, string]; segments: [Vec3, Vec3][] }>();
  for (let t = 0; t < tri.length / 3; t++)
    for (let e = 0; e < 3; e++) {
      const p = tri[3 * t + e], q = tri[3 * t + ((e + 1) % 3)];
      const other = owner.get(`${q},${p}`);
      if (other === undefined) {
        owner.set(`${p},${q}`, t);
        continue;
      }
      const fa = s.faceOf[t], fb = s.faceOf[other];
      if (fa === fb) continue;
      const [f1, f2] = fa < fb ? [fa, fb] : [fb, fa];
      const key = `${f1}|${f2}`;
      const entry = pairs.get(key) ?? { faces: [f1, f2] as [string, string], segments: [] };
      entry.segments.push([point(p), point(q)]);
      pairs.set(key, entry);
    }
  const edges: BodyEdge[] = [...pairs].map(([name, e]) => ({ name, faces: e.faces, length: e.segments.reduce((sum, [p, q]) => sum + Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]), 0), segments: e.segments }));
  const lo: Vec3 = [Infinity, Infinity, Infinity], hi: Vec3 = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < pos.length; i++) (lo[i % 3] = Math.min(lo[i % 3], pos[i])), (hi[i % 3] = Math.max(hi[i % 3], pos[i]));
  return {
    ...base,
    kind: "mesh",
    features: [],
    faces,
    edges,
    volume,
    bbox: { min: lo, max: hi },
    surface: { positions: Float64Array.from(pos), triangles: Int32Array.from(tri), faceOf: Int32Array.from(s.faceOf, (n) => index.get(n)!) },
  };
}
