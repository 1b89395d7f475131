// Scalar CSR products over row ranges: the coarse levels' y = A x (full rows: no thread writes another's rows),
// and the single-precision prolongator both ways (P^T scatters, so thread t > 0 writes its own buffer).
import { epilogue, type EpilogueArgs } from "./epilogue.js";

export interface CsrProductArgs {
  ptr: Int32Array;
  idx: Int32Array;
  val: Float64Array | Float32Array;
  x: Float64Array;
  y: Float64Array;
}

/** y[i] = (A x)_i for rows [lo, hi). */
export function csrProductRows(a: CsrProductArgs, lo: number, hi: number): void {
  const { ptr, idx, val, x, y } = a;
  for (let i = lo; i < hi; i++) {
    let s = 0;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) s += val[k] * x[idx[k]];
    y[i] = s;
  }
}

/** y[i] += (A x)_i for rows [lo, hi): the prolongation x_fine += P x_coarse. */
export function csrProductAddRows(a: CsrProductArgs, lo: number, hi: number): void {
  const { ptr, idx, val, x, y } = a;
  for (let i = lo; i < hi; i++) {
    let s = 0;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) s += val[k] * x[idx[k]];
    y[i] += s;
  }
}

export function epilogueRows(a: EpilogueArgs, lo: number, hi: number): void {
  epilogue(a, lo, hi);
}

export interface TransposeProductArgs extends CsrProductArgs {
  /** bufs[t - 1]: thread t's share of y (the coarse vector). */
  bufs: Float64Array[];
}

/** The rows [lo, hi) of P^T x scattered into y (thread 0, which clears y first) or the thread's buffer. */
export function transposeProductRows(a: TransposeProductArgs, lo: number, hi: number, ctx: { thread: number }): void {
  const { ptr, idx, val, x } = a;
  const y = ctx.thread === 0 ? a.y : a.bufs[ctx.thread - 1];
  y.fill(0);
  for (let i = lo; i < hi; i++) {
    const xi = x[i];
    if (xi === 0) continue;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) y[idx[k]] += val[k] * xi;
  }
}

/** y[j] += the buffers' entries for coarse DOFs [lo, hi), in thread order. */
export function transposeProductReduce(a: TransposeProductArgs, lo: number, hi: number): void {
  const y = a.y;
  for (const buf of a.bufs) for (let j = lo; j < hi; j++) y[j] += buf[j];
}
