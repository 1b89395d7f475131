// The conductivity matrix: one value per node pair (1 unknown per node), stored like the stiffness's upper blocks
// (the same row pointers and columns), k_ab = k sum_q w det J grad Na . grad Nb with the element's own rule.
import type { Mesh } from "../../mesh/types.js";
import { ELEMENTS, shapeGradients } from "../elements/index.js";
import { gatherCoords } from "../assembly.js";
import { blockPatternFromMesh, findBlock } from "../sparse/block-csr.js";

export interface PairMatrix {
  n: number;
  rowPtr: Int32Array;
  col: Int32Array;
  /** One value per stored pair (column >= row). */
  val: Float64Array;
}

export type ConductionResult = { ok: true; matrix: PairMatrix } | { ok: false; error: string };

export function assembleConductivity(mesh: Mesh, elementMaterial: Int32Array, conductivity: readonly number[]): ConductionResult {
  const el = ELEMENTS[mesh.type];
  const npe = el.nodes;
  const ne = mesh.elements.length / npe;
  const P = blockPatternFromMesh(mesh);
  const matrix: PairMatrix = { n: P.n, rowPtr: P.rowPtr, col: P.col, val: new Float64Array(P.col.length) };
  const coords = new Float64Array(3 * npe), grad = new Float64Array(3 * npe);
  const ke = new Float64Array(npe * npe);
  for (let e = 0; e < ne; e++) {
    const k = conductivity[elementMaterial[e]];
    gatherCoords(mesh, npe, e, coords);
    ke.fill(0);
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      if (!(det > 0)) return { ok: false, error: `element ${e + 1} is inverted or degenerate (Jacobian ${det}); remesh or fix its node order` };
      const kw = k * el.weights[p] * det;
      for (let a = 0; a < npe; a++)
        for (let b = a; b < npe; b++)
          ke[a * npe + b] += kw * (grad[3 * a] * grad[3 * b] + grad[3 * a + 1] * grad[3 * b + 1] + grad[3 * a + 2] * grad[3 * b + 2]);
    }
    for (let a = 0; a < npe; a++)
      for (let b = 0; b < npe; b++) {
        const na = mesh.elements[e * npe + a], nb = mesh.elements[e * npe + b];
        if (nb < na) continue;
        addPair(matrix, na, nb, ke[Math.min(a, b) * npe + Math.max(a, b)]);
      }
  }
  return { ok: true, matrix };
}

/** A += v at (a, b) (either order; the pair must be in the pattern). */
export function addPair(A: PairMatrix, a: number, b: number, v: number): void {
  const i = Math.min(a, b), j = Math.max(a, b);
  const pattern = { n: A.n, b: 1, rowPtr: A.rowPtr, col: A.col, val: A.val };
  const k = findBlock(pattern, i, j);
  if (k < 0) throw new Error(`node pair ${i + 1}, ${j + 1} is outside the matrix pattern`);
  A.val[k] += v;
}

/** y = A x for the symmetric pair matrix. */
export function pairMultiply(A: PairMatrix, x: Float64Array, y: Float64Array): void {
  const { n, rowPtr, col, val } = A;
  y.fill(0);
  for (let i = 0; i < n; i++) {
    let s = 0;
    const xi = x[i];
    for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
      const j = col[k], v = val[k];
      s += v * x[j];
      if (j !== i) y[j] += v * xi;
    }
    y[i] += s;
  }
}
