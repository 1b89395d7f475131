// Prescribed DOFs handled symmetrically: their rows and columns become identity, their values move to the right side.
import { blockMultiply, type BlockCsr } from "./sparse/block-csr.js";

export interface ConstrainedSystem {
  /** Right side for the free DOFs (zero at prescribed DOFs). */
  rhs: Float64Array;
  /** Prescribed values, 3 per node (0 elsewhere). */
  prescribedValues: Float64Array;
  fixed: Uint8Array;
  /** The original stored blocks touching a node with a prescribed DOF (row, column, 9 values), kept for reactions. */
  reactionBlocks: { row: Int32Array; col: Int32Array; val: Float64Array };
}

export function applyPrescribed(K: BlockCsr, prescribed: Map<number, number>, forces: Float64Array): ConstrainedSystem {
  const ndof = 3 * K.n;
  const fixed = new Uint8Array(ndof);
  const up = new Float64Array(ndof);
  for (const [dof, value] of prescribed) {
    fixed[dof] = 1;
    up[dof] = value;
  }
  // Keep the untouched blocks around constrained nodes: reactions are K u - f there.
  const held = (i: number) => fixed[3 * i] | fixed[3 * i + 1] | fixed[3 * i + 2];
  let count = 0;
  for (let i = 0; i < K.n; i++) for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) if (held(i) || held(K.col[k])) count++;
  const row = new Int32Array(count), col = new Int32Array(count), val = new Float64Array(9 * count);
  let t = 0;
  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
      if (held(i) || held(K.col[k])) {
        row[t] = i;
        col[t] = K.col[k];
        val.set(K.val.subarray(9 * k, 9 * k + 9), 9 * t++);
      }

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
  return { rhs, prescribedValues: up, fixed, reactionBlocks: { row, col, val } };
}
