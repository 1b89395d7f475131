// What the Krylov solver and the smoothers need from a matrix or a preconditioner.
import { blockMultiply, type BlockCsr } from "../sparse/block-csr.js";
import { csrMultiply, type Csr } from "../sparse/csr.js";

export interface LinearOperator {
  size: number;
  /** y = A x. */
  apply(x: Float64Array, y: Float64Array): void;
  /** A zeroed work vector its fastest kernels can take (in the kernel heap), when it has such kernels. */
  vector?(n: number): Float64Array;
}

export function blockOperator(A: BlockCsr): LinearOperator {
  return { size: A.b * A.n, apply: (x, y) => blockMultiply(A, x, y) };
}

export function csrOperator(A: Csr): LinearOperator {
  return { size: A.rows, apply: (x, y) => csrMultiply(A, x, y) };
}

/** Diagonal of a block matrix, one entry per DOF. */
export function blockDiagonal(A: BlockCsr): Float64Array {
  const b = A.b;
  const d = new Float64Array(b * A.n);
  for (let i = 0; i < A.n; i++)
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++)
      if (A.col[k] === i) for (let r = 0; r < b; r++) d[b * i + r] = A.val[b * b * k + (b + 1) * r];
  return d;
}

export function csrDiagonal(A: Csr): Float64Array {
  const d = new Float64Array(A.rows);
  for (let i = 0; i < A.rows; i++)
    for (let k = A.ptr[i]; k < A.ptr[i + 1]; k++) if (A.idx[k] === i) d[i] = A.val[k];
  return d;
}
