// Prescribed DOFs handled symmetrically: their rows and columns become identity, their values move to the right side.
import { blockMultiply, type BlockCsr } from "./sparse/block-csr.js";

export interface ConstrainedSystem {
  /** Right side for the free DOFs (zero at prescribed DOFs). */
  rhs: Float64Array;
  /** Prescribed values, 3 per node (0 elsewhere). */
  prescribedValues: Float64Array;
  fixed: Uint8Array;
  /** The original block rows of nodes with a prescribed DOF, kept for reactions. */
  reactionRows: { nodes: Int32Array; rowPtr: Int32Array; col: Int32Array; val: Float64Array };
}

export function applyPrescribed(K: BlockCsr, prescribed: Map<number, number>, forces: Float64Array): ConstrainedSystem {
  const ndof = 3 * K.n;
  const fixed = new Uint8Array(ndof);
  const up = new Float64Array(ndof);
  for (const [dof, value] of prescribed) {
    fixed[dof] = 1;
    up[dof] = value;
  }
  // Keep the untouched rows of constrained nodes: reactions are K u - f there.
  const nodes: number[] = [];
  for (let i = 0; i < K.n; i++) if (fixed[3 * i] | fixed[3 * i + 1] | fixed[3 * i + 2]) nodes.push(i);
  const rowPtr = new Int32Array(nodes.length + 1);
  nodes.forEach((i, t) => (rowPtr[t + 1] = rowPtr[t] + K.rowPtr[i + 1] - K.rowPtr[i]));
  const col = new Int32Array(rowPtr[nodes.length]);
  const val = new Float64Array(9 * rowPtr[nodes.length]);
  nodes.forEach((i, t) => {
    col.set(K.col.subarray(K.rowPtr[i], K.rowPtr[i + 1]), rowPtr[t]);
    val.set(K.val.subarray(9 * K.rowPtr[i], 9 * K.rowPtr[i + 1]), 9 * rowPtr[t]);
  });

  const Ku = new Float64Array(ndof);
  blockMultiply(K, up, Ku);
  const rhs = new Float64Array(ndof);
  for (let d = 0; d < ndof; d++) rhs[d] = fixed[d] ? 0 : forces[d] - Ku[d];

  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) {
      const j = K.col[k];
      for (let a = 0; a < 3; a++)
        for (let b = 0; b < 3; b++)
          if (fixed[3 * i + a] || fixed[3 * j + b]) K.val[9 * k + 3 * a + b] = i === j && a === b ? 1 : 0;
    }
  return { rhs, prescribedValues: up, fixed, reactionRows: { nodes: Int32Array.from(nodes), rowPtr, col, val } };
}
