// Prescribed DOFs handled symmetrically: their rows and columns become identity, their values move to the right side.
import { blockMultiply, type BlockCsr } from "./sparse/block-csr.js";

export interface ConstrainedSystem {
  /** Right side for the free DOFs (zero at prescribed DOFs). */
  rhs: Float64Array;
  /** Prescribed values, one per DOF (0 elsewhere). */
  prescribedValues: Float64Array;
  fixed: Uint8Array;
  /** The original stored blocks touching a node with a prescribed DOF (row, column, b * b values), kept for reactions. */
  reactionBlocks: { b: number; row: Int32Array; col: Int32Array; val: Float64Array };
}

export function applyPrescribed(K: BlockCsr, prescribed: Map<number, number>, forces: Float64Array): ConstrainedSystem {
  const B = K.b, BB = B * B;
  const ndof = B * K.n;
  const fixed = new Uint8Array(ndof);
  const up = new Float64Array(ndof);
  for (const [dof, value] of prescribed) {
    fixed[dof] = 1;
    up[dof] = value;
  }
  // Keep the untouched blocks around constrained nodes: reactions are K u - f there.
  const held = (i: number) => {
    for (let a = 0; a < B; a++) if (fixed[B * i + a]) return true;
    return false;
  };
  let count = 0;
  for (let i = 0; i < K.n; i++) for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) if (held(i) || held(K.col[k])) count++;
  const row = new Int32Array(count), col = new Int32Array(count), val = new Float64Array(BB * count);
  let t = 0;
  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++)
      if (held(i) || held(K.col[k])) {
        row[t] = i;
        col[t] = K.col[k];
        val.set(K.val.subarray(BB * k, BB * k + BB), BB * t++);
      }

  const Ku = new Float64Array(ndof);
  blockMultiply(K, up, Ku);
  const rhs = new Float64Array(ndof);
  for (let d = 0; d < ndof; d++) rhs[d] = fixed[d] ? 0 : forces[d] - Ku[d];

  for (let i = 0; i < K.n; i++)
    for (let k = K.rowPtr[i]; k < K.rowPtr[i + 1]; k++) {
      const j = K.col[k];
      for (let a = 0; a < B; a++)
        for (let b = 0; b < B; b++)
          if (fixed[B * i + a] || fixed[B * j + b]) K.val[BB * k + B * a + b] = i === j && a === b ? 1 : 0;
    }
  return { rhs, prescribedValues: up, fixed, reactionBlocks: { b: B, row, col, val } };
}
