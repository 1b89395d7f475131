// Lawson flips that make a planar triangulation Delaunay (exact incircle and orientation): earcut leaves ears of
// three nearly collinear loop points (a section line crossing several triangles of one face) as slivers of almost
// no area, which no tet mesh can take as a face; their diagonals flip away. Loop edges (used once) never flip.
import { incircle, orient2d } from "robust-predicates";

/** `tris` (3 indices into `pts` per triangle, counter-clockwise) flipped in place until Delaunay. */
export function delaunayFlips(pts: readonly (readonly number[])[], tris: number[]): void {
  const key = (u: number, v: number) => (u < v ? `${u},${v}` : `${v},${u}`);
  // Edge -> the triangles (index) that hold it.
  const owners = new Map<string, number[]>();
  const link = (t: number) => {
    for (let e = 0; e < 3; e++) {
      const k = key(tris[3 * t + e], tris[3 * t + ((e + 1) % 3)]);
      const list = owners.get(k);
      if (list) list.push(t);
      else owners.set(k, [t]);
    }
  };
  const unlink = (t: number) => {
    for (let e = 0; e < 3; e++) {
      const k = key(tris[3 * t + e], tris[3 * t + ((e + 1) % 3)]);
      const list = owners.get(k)!;
      list.splice(list.indexOf(t), 1);
    }
  };
  const m = tris.length / 3;
  for (let t = 0; t < m; t++) link(t);
  const ccw = (a: number, b: number, c: number) => -orient2d(pts[a][0], pts[a][1], pts[b][0], pts[b][1], pts[c][0], pts[c][1]);
  const queue = Array.from({ length: m }, (_, t) => t);
  // Each flip lowers a bounded measure (the sorted angle vector); the guard only stops a bug from spinning.
  for (let guard = 0; queue.length > 0 && guard < 100 * m + 1000; guard++) {
    const t = queue.pop()!;
    for (let e = 0; e < 3; e++) {
      const u = tris[3 * t + e], v = tris[3 * t + ((e + 1) % 3)], w = tris[3 * t + ((e + 2) % 3)];
      const pair = owners.get(key(u, v))!;
      if (pair.length !== 2) continue;
      const t2 = pair[0] === t ? pair[1] : pair[0];
      let z = -1;
      for (let k = 0; k < 3; k++) {
        const c = tris[3 * t2 + k];
        if (c !== u && c !== v) z = c;
      }
      if (z < 0) continue;
      // Triangle (u, v, w) counter-clockwise; z across edge u-v. Flip when z is inside its circle and the quad is convex.
      const inside = incircle(pts[u][0], pts[u][1], pts[v][0], pts[v][1], pts[w][0], pts[w][1], pts[z][0], pts[z][1]) > 0;
      if (!inside || !(ccw(u, z, w) > 0) || !(ccw(z, v, w) > 0)) continue;
      unlink(t);
      unlink(t2);
      tris.splice(3 * t, 3, u, z, w);
      tris.splice(3 * t2, 3, z, v, w);
      link(t);
      link(t2);
      queue.push(t, t2);
      break;
    }
  }
}
