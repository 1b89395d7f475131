// Structured tetrahedral meshes of a box for solver tests and benchmarks: each hexahedral cell is split
// into the 6 Kuhn tetrahedra around its main diagonal (conforming across cells), C3D4 or C3D10.
import type { ElementType, Mesh } from "../../src/mesh/types.js";
import { TET_FACE_CORNERS } from "../../src/mesh/types.js";

export interface BoxMeshOptions {
  size: [number, number, number];
  cells: [number, number, number];
  order: 1 | 2;
  origin?: [number, number, number];
  /** Move interior corner nodes randomly by up to this fraction of a cell (mid-edge nodes stay at edge midpoints). */
  jitter?: number;
  seed?: number;
  body?: string;
}

export const BOX_FACES = ["F1:-x", "F1:+x", "F1:-y", "F1:+y", "F1:-z", "F1:+z"];

const PERMUTATIONS = [
  [0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0],
];
const EDGES: [number, number][] = [[0, 1], [1, 2], [2, 0], [0, 3], [1, 3], [2, 3]];

export function boxTetMesh(o: BoxMeshOptions): Mesh {
  const [nx, ny, nz] = o.cells;
  const s = o.order; // grid points per cell edge
  const gx = s * nx + 1, gy = s * ny + 1, gz = s * nz + 1;
  const origin = o.origin ?? [0, 0, 0];
  const id = (i: number, j: number, k: number) => i + gx * (j + gy * k);
  const nodes = new Float64Array(3 * gx * gy * gz);
  let seed = o.seed ?? 1;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  const h = [o.size[0] / nx, o.size[1] / ny, o.size[2] / nz];
  for (let k = 0; k < gz; k++)
    for (let j = 0; j < gy; j++)
      for (let i = 0; i < gx; i++) {
        const n = id(i, j, k);
        nodes[3 * n] = origin[0] + (o.size[0] * i) / (gx - 1);
        nodes[3 * n + 1] = origin[1] + (o.size[1] * j) / (gy - 1);
        nodes[3 * n + 2] = origin[2] + (o.size[2] * k) / (gz - 1);
      }
  if (o.jitter) {
    for (let k = s; k < gz - 1; k += s)
      for (let j = s; j < gy - 1; j += s)
        for (let i = s; i < gx - 1; i += s) {
          const n = id(i, j, k);
          for (let a = 0; a < 3; a++) nodes[3 * n + a] += o.jitter * h[a] * rand();
        }
    if (s === 2)
      // Mid-edge grid points sit halfway along their Kuhn edge, which runs in the + direction on odd axes.
      for (let k = 0; k < gz; k++)
        for (let j = 0; j < gy; j++)
          for (let i = 0; i < gx; i++) {
            const oi = i % 2, oj = j % 2, ok = k % 2;
            if (!(oi | oj | ok)) continue;
            const a = id(i - oi, j - oj, k - ok), b = id(i + oi, j + oj, k + ok), n = id(i, j, k);
            for (let c = 0; c < 3; c++) nodes[3 * n + c] = 0.5 * (nodes[3 * a + c] + nodes[3 * b + c]);
          }
  }
  const type: ElementType = s === 2 ? "C3D10" : "C3D4";
  const npe = s === 2 ? 10 : 4;
  const ne = 6 * nx * ny * nz;
  const elements = new Int32Array(ne * npe);
  let e = 0;
  const corner = [0, 0, 0];
  const gridOf = (n: number) => [n % gx, Math.floor(n / gx) % gy, Math.floor(n / (gx * gy))];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++)
        for (const perm of PERMUTATIONS) {
          const path: number[][] = [];
          corner[0] = s * i; corner[1] = s * j; corner[2] = s * k;
          const p = corner.slice();
          path.push(p.slice());
          for (const axis of perm) {
            p[axis] += s;
            path.push(p.slice());
          }
          let tet = path.map(([a, b, c]) => id(a, b, c));
          // Orient for positive volume (reference geometry, before jitter).
          const g = path;
          const d1 = [0, 1, 2].map((c) => g[1][c] - g[0][c]), d2 = [0, 1, 2].map((c) => g[2][c] - g[0][c]), d3 = [0, 1, 2].map((c) => g[3][c] - g[0][c]);
          const vol = d1[0] * (d2[1] * d3[2] - d2[2] * d3[1]) - d1[1] * (d2[0] * d3[2] - d2[2] * d3[0]) + d1[2] * (d2[0] * d3[1] - d2[1] * d3[0]);
          if (vol < 0) tet = [tet[0], tet[2], tet[1], tet[3]];
          for (let a = 0; a < 4; a++) elements[e * npe + a] = tet[a];
          if (s === 2)
            EDGES.forEach(([a, b], m) => {
              const ga = gridOf(tet[a]), gb = gridOf(tet[b]);
              elements[e * npe + 4 + m] = id((ga[0] + gb[0]) / 2, (ga[1] + gb[1]) / 2, (ga[2] + gb[2]) / 2);
            });
          e++;
        }
  // Boundary facets: sides whose three corners lie on one face of the box.
  const bel: number[] = [], bside: number[] = [], btag: number[] = [];
  const max = [gx - 1, gy - 1, gz - 1];
  for (let t = 0; t < ne; t++)
    for (let side = 0; side < 4; side++) {
      const cs = TET_FACE_CORNERS[side].map((a) => gridOf(elements[t * npe + a]));
      for (let axis = 0; axis < 3; axis++) {
        if (cs.every((c) => c[axis] === 0)) { bel.push(t); bside.push(side); btag.push(2 * axis); }
        if (cs.every((c) => c[axis] === max[axis])) { bel.push(t); bside.push(side); btag.push(2 * axis + 1); }
      }
    }
  const body = o.body ?? "Block";
  return {
    type,
    nodes,
    elements,
    elementBody: new Int32Array(ne),
    bodies: [body],
    boundary: { element: Int32Array.from(bel), side: Uint8Array.from(bside), tag: Int32Array.from(btag) },
    faceTags: BOX_FACES.map((face) => ({ body, face })),
  };
}

/** Nodes whose coordinate `axis` equals `value` (within a relative tolerance). */
export function nodesWhere(mesh: Mesh, axis: 0 | 1 | 2, value: number, tol = 1e-9): number[] {
  const out: number[] = [];
  for (let n = 0; n < mesh.nodes.length / 3; n++) if (Math.abs(mesh.nodes[3 * n + axis] - value) <= tol * Math.max(1, Math.abs(value))) out.push(n);
  return out;
}

/** The node nearest a point. */
export function nearestNode(mesh: Mesh, p: [number, number, number]): number {
  let best = -1, dist = Infinity;
  for (let n = 0; n < mesh.nodes.length / 3; n++) {
    const d = (mesh.nodes[3 * n] - p[0]) ** 2 + (mesh.nodes[3 * n + 1] - p[1]) ** 2 + (mesh.nodes[3 * n + 2] - p[2]) ** 2;
    if (d < dist) { dist = d; best = n; }
  }
  return best;
}
