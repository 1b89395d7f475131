// Faces of an imported body: regions of triangles bounded by feature edges (normals turning by more than
// the feature angle), named S1, S2, ... by decreasing area, ties by centroid (x, then y, then z), so the
// same file always gives the same names. Edges between two faces are named `<face>|<face>` as designs'
// edges are (`~k` when separate chains separate the same two faces).
import { checkCancelled } from "../../fem/cancel-scope.js";
import type { BodyEdge, BodyFace, Vec3 } from "../types.js";
import { edgeTriangles, floodTriangles } from "./flood.js";

export interface NamedFaces {
  /** Face index (into `faces`) per triangle. */
  faceOf: Int32Array;
  faces: BodyFace[];
  edges: BodyEdge[];
}

export function nameFaces(positions: Float64Array, triangles: Int32Array, featureAngle: number): NamedFaces {
  const m = triangles.length / 3;
  const n = positions.length / 3;
  const normal = new Float64Array(3 * m);
  const area = new Float64Array(m);
  for (let t = 0; t < m; t++) {
    if ((t & 4095) === 0) checkCancelled();
    const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
    const ux = positions[3 * b] - positions[3 * a], uy = positions[3 * b + 1] - positions[3 * a + 1], uz = positions[3 * b + 2] - positions[3 * a + 2];
    const vx = positions[3 * c] - positions[3 * a], vy = positions[3 * c + 1] - positions[3 * a + 1], vz = positions[3 * c + 2] - positions[3 * a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    area[t] = len / 2;
    normal[3 * t] = nx / len;
    normal[3 * t + 1] = ny / len;
    normal[3 * t + 2] = nz / len;
  }
  const cosLimit = Math.cos((featureAngle * Math.PI) / 180);
  const edges = edgeTriangles(triangles, n);
  const smooth = (s: number, t: number) => normal[3 * s] * normal[3 * t] + normal[3 * s + 1] * normal[3 * t + 1] + normal[3 * s + 2] * normal[3 * t + 2] >= cosLimit;
  const flood = floodTriangles(triangles, edges, n, (t, o, _u, _v, seen) => !seen && smooth(t, o));
  if (!flood.ok) throw new Error(flood.error); // the step never stops the fill
  const { regionOf: region, regions } = flood;
  // Measures and the deterministic order.
  const info = regions.map((list, id) => {
    let A = 0;
    const c = [0, 0, 0], nrm = [0, 0, 0];
    for (const t of list) {
      A += area[t];
      for (let k = 0; k < 3; k++) {
        const mid = (positions[3 * triangles[3 * t] + k] + positions[3 * triangles[3 * t + 1] + k] + positions[3 * triangles[3 * t + 2] + k]) / 3;
        c[k] += area[t] * mid;
        nrm[k] += area[t] * normal[3 * t + k];
      }
    }
    return { id, list, area: A, centroid: c.map((v) => v / A), normal: nrm };
  });
  const total = info.reduce((s, r) => s + r.area, 0);
  info.sort((p, q) => {
    if (Math.abs(p.area - q.area) > 1e-9 * total) return q.area - p.area;
    for (let k = 0; k < 3; k++) if (Math.abs(p.centroid[k] - q.centroid[k]) > 1e-9 * Math.sqrt(total)) return p.centroid[k] - q.centroid[k];
    return p.id - q.id;
  });
  const rank = new Int32Array(info.length);
  info.forEach((r, i) => (rank[r.id] = i));
  const faceOf = new Int32Array(m);
  for (let t = 0; t < m; t++) faceOf[t] = rank[region[t]];
  const point = (v: number): Vec3 => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]];
  const faces: BodyFace[] = info.map((r, i) => {
    const len = Math.hypot(r.normal[0], r.normal[1], r.normal[2]) || 1;
    return {
      name: `S${i + 1}`,
      normal: [r.normal[0] / len, r.normal[1] / len, r.normal[2] / len] as Vec3,
      area: r.area,
      // One patch per triangle: renders and picking treat each as a small planar piece.
      patches: r.list
        .slice()
        .sort((p, q) => p - q)
        .map((t) => ({ loops: [[point(triangles[3 * t]), point(triangles[3 * t + 1]), point(triangles[3 * t + 2])]] })),
    };
  });
  // Edges: feature segments grouped by the pair of faces, split into connected chains.
  const pairs = new Map<string, [number, number][]>();
  for (const [key, list] of edges) {
    if (list.length !== 2) continue;
    const f = faceOf[list[0]], g = faceOf[list[1]];
    if (f === g) continue;
    const name = `${faces[Math.min(f, g)].name}|${faces[Math.max(f, g)].name}`;
    const seg: [number, number] = [Math.floor(key / n), key % n];
    const l = pairs.get(name);
    if (l) l.push(seg);
    else pairs.set(name, [seg]);
  }
  const out: BodyEdge[] = [];
  const names = [...pairs.keys()].sort((p, q) => {
    const [a1, a2] = p.split("|").map((s) => Number(s.slice(1)));
    const [b1, b2] = q.split("|").map((s) => Number(s.slice(1)));
    return a1 - b1 || a2 - b2;
  });
  for (const name of names) {
    const segs = pairs.get(name)!;
    const chains = chainsOf(segs);
    const [f, g] = name.split("|");
    chains.forEach((chain, k) => {
      const segments = chain.map(([u, v]) => [point(u), point(v)] as [Vec3, Vec3]);
      const length = segments.reduce((s, [p, q]) => s + Math.hypot(q[0] - p[0], q[1] - p[1], q[2] - p[2]), 0);
      out.push({ name: chains.length > 1 ? `${name}~${k + 1}` : name, faces: [f, g], length, segments });
    });
  }
  return { faceOf, faces, edges: out };
}

function chainsOf(segs: [number, number][]): [number, number][][] {
  const byVertex = new Map<number, number[]>();
  segs.forEach(([u, v], i) => {
    for (const w of [u, v]) {
      const l = byVertex.get(w);
      if (l) l.push(i);
      else byVertex.set(w, [i]);
    }
  });
  const seen = new Uint8Array(segs.length);
  const chains: [number, number][][] = [];
  for (let s = 0; s < segs.length; s++) {
    if (seen[s]) continue;
    const list = [s];
    seen[s] = 1;
    for (let q = 0; q < list.length; q++)
      for (const w of segs[list[q]])
        for (const o of byVertex.get(w)!)
          if (!seen[o]) {
            seen[o] = 1;
            list.push(o);
          }
    chains.push(list.sort((a, b) => a - b).map((i) => segs[i]));
  }
  return chains;
}
