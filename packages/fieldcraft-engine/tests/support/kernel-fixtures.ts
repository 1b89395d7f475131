// What the kernel tests (threads, WebAssembly) compare with: a jittered block's stiffness, the largest
// difference relative to the largest entry, and bit-for-bit equality.
import { assembleStiffness } from "../../src/fem/assembly.js";
import { blockPatternFromMesh, type BlockCsr } from "../../src/fem/sparse/block-csr.js";
import { boxTetMesh, nodesWhere } from "./box-mesh.js";

export const relDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let m = 0, d = 0;
  for (let i = 0; i < a.length; i++) {
    m = Math.max(m, Math.abs(a[i]));
    d = Math.max(d, Math.abs(a[i] - b[i]));
  }
  return d / m;
};

export const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) => a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

/** The stiffness of a jittered 8 x 4 x 4 block of C3D4 (order 1) or C3D10 (order 2). */
export function stiffness(order: 1 | 2): BlockCsr {
  const mesh = boxTetMesh({ size: [4, 2, 2], cells: [8, 4, 4], order, jitter: 0.25, seed: 5 });
  const K = blockPatternFromMesh(mesh, 3);
  const r = assembleStiffness(mesh, new Int32Array(mesh.elements.length / (order === 1 ? 4 : 10)), [{ young: 1000, poisson: 0.3 }], K);
  if (!r.ok) throw new Error(r.error);
  return K;
}

/** The C3D10 patch test's jittered block with a linear displacement field held on its six faces. */
export function linearPatch() {
  const m = boxTetMesh({ size: [2, 1.5, 1], cells: [4, 4, 3], order: 2, jitter: 0.35, seed: 7 });
  const nn = m.nodes.length / 3;
  const field = (x: number, y: number, z: number) => [0.01 + 1e-3 * x + 2e-4 * y, -0.02 - 5e-4 * y + 4e-4 * z, 0.005 + 2.5e-4 * x + 8e-4 * z];
  const prescribed = new Map<number, number>();
  for (const [axis, v] of [[0, 0], [0, 2], [1, 0], [1, 1.5], [2, 0], [2, 1]] as const)
    for (const n of nodesWhere(m, axis, v)) {
      const u = field(m.nodes[3 * n], m.nodes[3 * n + 1], m.nodes[3 * n + 2]);
      for (let c = 0; c < 3; c++) prescribed.set(3 * n + c, u[c]);
    }
  return { m, nn, field, prescribed };
}
