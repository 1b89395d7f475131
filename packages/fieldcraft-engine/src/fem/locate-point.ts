// Points inside a tetrahedral mesh: the element that holds a point (its corners' volume coordinates all >= 0, to
// a small tolerance, so points on faces and edges count) and the element's shape values there. Straight-sided
// tetrahedra only (the meshers' C3D10 mid-edge nodes sit at the midpoints), so the corners define the map.
import { family } from "./families/index.js";
import type { Mesh } from "../mesh/types.js";

export interface Located {
  element: number;
  /** Element-local shape values at the point, one per element node. */
  shape: number[];
  nodes: number[];
}

const TOLERANCE = 1e-9;

/** Volume coordinates of p in element e (corners 0..3), or null when degenerate. */
function volumeCoordinates(mesh: Mesh, npe: number, e: number, p: readonly number[]): number[] | null {
  const X = mesh.nodes;
  const c = [0, 1, 2, 3].map((a) => mesh.elements[e * npe + a]);
  const [x0, y0, z0] = [X[3 * c[0]], X[3 * c[0] + 1], X[3 * c[0] + 2]];
  const col = (k: number) => [X[3 * c[k]] - x0, X[3 * c[k] + 1] - y0, X[3 * c[k] + 2] - z0];
  const [a, b, d] = [col(1), col(2), col(3)];
  const det = a[0] * (b[1] * d[2] - b[2] * d[1]) - b[0] * (a[1] * d[2] - a[2] * d[1]) + d[0] * (a[1] * b[2] - a[2] * b[1]);
  if (!(Math.abs(det) > 0)) return null;
  const r = [p[0] - x0, p[1] - y0, p[2] - z0];
  // Cramer's rule for [a b d] (l2, l3, l4) = r.
  const l2 = (r[0] * (b[1] * d[2] - b[2] * d[1]) - b[0] * (r[1] * d[2] - r[2] * d[1]) + d[0] * (r[1] * b[2] - r[2] * b[1])) / det;
  const l3 = (a[0] * (r[1] * d[2] - r[2] * d[1]) - r[0] * (a[1] * d[2] - a[2] * d[1]) + d[0] * (a[1] * r[2] - a[2] * r[1])) / det;
  const l4 = (a[0] * (b[1] * r[2] - b[2] * r[1]) - b[0] * (a[1] * r[2] - a[2] * r[1]) + r[0] * (a[1] * b[2] - a[2] * b[1])) / det;
  return [1 - l2 - l3 - l4, l2, l3, l4];
}

/** The element holding each point (null outside the mesh). Throws for meshes that are not tetrahedral. */
export function locatePoints(mesh: Mesh, points: readonly (readonly number[])[]): (Located | null)[] {
  const fam = family(mesh.type);
  if (fam.shape !== "tetrahedron") throw new Error(`points can only be located in tetrahedral meshes; the mesh is ${mesh.type}: probe nodes instead`);
  const npe = fam.nodes;
  const ne = mesh.elements.length / npe;
  const X = mesh.nodes;
  const out: (Located | null)[] = points.map(() => null);
  const best = points.map(() => -Infinity);
  for (let e = 0; e < ne; e++) {
    let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity, hi2 = -Infinity;
    for (let a = 0; a < 4; a++) {
      const n = mesh.elements[e * npe + a];
      lo0 = Math.min(lo0, X[3 * n]); hi0 = Math.max(hi0, X[3 * n]);
      lo1 = Math.min(lo1, X[3 * n + 1]); hi1 = Math.max(hi1, X[3 * n + 1]);
      lo2 = Math.min(lo2, X[3 * n + 2]); hi2 = Math.max(hi2, X[3 * n + 2]);
    }
    const pad = 1e-9 * Math.max(hi0 - lo0, hi1 - lo1, hi2 - lo2);
    points.forEach((p, i) => {
      if (best[i] >= 0) return;
      if (p[0] < lo0 - pad || p[0] > hi0 + pad || p[1] < lo1 - pad || p[1] > hi1 + pad || p[2] < lo2 - pad || p[2] > hi2 + pad) return;
      const L = volumeCoordinates(mesh, npe, e, p);
      if (!L) return;
      const worst = Math.min(...L);
      if (worst < -TOLERANCE || worst <= best[i]) return;
      best[i] = worst;
      const shape = fam.shapeFunctions([L[1], L[2], L[3]]);
      out[i] = { element: e, shape, nodes: Array.from(mesh.elements.subarray(e * npe, e * npe + npe)) };
    });
  }
  return out;
}

/** A nodal field's value at a located point. */
export function interpolate(located: Located, read: (n: number) => number): number {
  let s = 0;
  located.nodes.forEach((n, a) => (s += located.shape[a] * read(n)));
  return s;
}
