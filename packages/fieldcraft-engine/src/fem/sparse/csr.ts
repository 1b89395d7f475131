// Scalar CSR for the multigrid hierarchy: products, transposed products and the sparse matrix product.
import type { BlockCsr } from "./block-csr.js";

export interface Csr {
  rows: number;
  cols: number;
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array;
}

/** y = A x. */
export function csrMultiply(A: Csr, x: Float64Array, y: Float64Array): void {
  const { rows, ptr, idx, val } = A;
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) s += val[k] * x[idx[k]];
    y[i] = s;
  }
}

/** y += A^T x (y has A.cols entries). */
export function csrMultiplyTransposeAdd(A: Csr, x: Float64Array, y: Float64Array): void {
  const { rows, ptr, idx, val } = A;
  for (let i = 0; i < rows; i++) {
    const xi = x[i];
    if (xi === 0) continue;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) y[idx[k]] += val[k] * xi;
  }
}

/** y += A x. */
export function csrMultiplyAdd(A: Csr, x: Float64Array, y: Float64Array): void {
  const { rows, ptr, idx, val } = A;
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) s += val[k] * x[idx[k]];
    y[i] += s;
  }
}

export function transpose(A: Csr): Csr {
  const ptr = new Int32Array(A.cols + 1);
  for (let k = 0; k < A.ptr[A.rows]; k++) ptr[A.idx[k] + 1]++;
  for (let j = 0; j < A.cols; j++) ptr[j + 1] += ptr[j];
  const fill = ptr.slice(0, A.cols);
  const idx = new Int32Array(ptr[A.cols]);
  const val = new Float64Array(ptr[A.cols]);
  for (let i = 0; i < A.rows; i++)
    for (let k = A.ptr[i]; k < A.ptr[i + 1]; k++) {
      const p = fill[A.idx[k]]++;
      idx[p] = i;
      val[p] = A.val[k];
    }
  return { rows: A.cols, cols: A.rows, ptr, idx, val };
}

/** Scalar row access to either matrix kind, for the setup-time products. */
interface RowSource {
  rows: number;
  /** Calls visit(col, value) for each stored entry of row r. */
  row(r: number, visit: (c: number, v: number) => void): void;
}

export function csrRows(A: Csr): RowSource {
  return {
    rows: A.rows,
    row(r, visit) {
      for (let k = A.ptr[r]; k < A.ptr[r + 1]; k++) visit(A.idx[k], A.val[k]);
    },
  };
}

export function blockRows(A: BlockCsr): RowSource {
  return {
    rows: 3 * A.n,
    row(r, visit) {
      const i = (r / 3) | 0, c = r - 3 * i;
      for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) {
        const j = 3 * A.col[k], v = 9 * k + 3 * c;
        visit(j, A.val[v]);
        visit(j + 1, A.val[v + 1]);
        visit(j + 2, A.val[v + 2]);
      }
    },
  };
}

/** C = A B (Gustavson, two passes so the result is allocated once). */
export function multiplySparse(A: RowSource, B: Csr): Csr {
  const n = A.rows, m = B.cols;
  const mark = new Int32Array(m).fill(-1);
  const ptr = new Int32Array(n + 1);
  let r = 0;
  let count = 0;
  const countVisit = (c: number) => {
    for (let k = B.ptr[c], end = B.ptr[c + 1]; k < end; k++) {
      const j = B.idx[k];
      if (mark[j] !== r) {
        mark[j] = r;
        count++;
      }
    }
  };
  for (r = 0; r < n; r++) {
    count = 0;
    A.row(r, countVisit);
    ptr[r + 1] = ptr[r] + count;
  }
  const idx = new Int32Array(ptr[n]);
  const val = new Float64Array(ptr[n]);
  const acc = new Float64Array(m);
  mark.fill(-1);
  let pos = 0;
  const fillVisit = (c: number, a: number) => {
    if (a === 0) {
      for (let k = B.ptr[c], end = B.ptr[c + 1]; k < end; k++) {
        const j = B.idx[k];
        if (mark[j] !== r) {
          mark[j] = r;
          idx[pos++] = j;
          acc[j] = 0;
        }
      }
      return;
    }
    for (let k = B.ptr[c], end = B.ptr[c + 1]; k < end; k++) {
      const j = B.idx[k];
      if (mark[j] !== r) {
        mark[j] = r;
        idx[pos++] = j;
        acc[j] = a * B.val[k];
      } else acc[j] += a * B.val[k];
    }
  };
  for (r = 0; r < n; r++) {
    pos = ptr[r];
    A.row(r, fillVisit);
    for (let k = ptr[r]; k < ptr[r + 1]; k++) val[k] = acc[idx[k]];
  }
  return { rows: n, cols: m, ptr, idx, val };
}
