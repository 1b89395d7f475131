// y = A x for the symmetric 3x3-block matrix stored as its upper triangle, split over node ranges. Each block
// is read once and applied both ways, so a thread also adds into rows of later ranges: thread 0 writes into
// y, thread t > 0 into its own buffer (rows from its first node on), and a second pass adds the buffers into
// y in thread order, then applies an epilogue (the vector update that follows the product in a smoother).
import { epilogue, type EpilogueArgs } from "./epilogue.js";

export interface BlockProductArgs {
  rowPtr: Int32Array;
  col: Int32Array;
  val: Float64Array;
  x: Float64Array;
  y: Float64Array;
  /** bufs[t - 1]: thread t's contributions (3 per node, valid from its first node on). */
  bufs: Float64Array[];
  /** Node range of each thread. */
  nodeBounds: Int32Array;
}

/** Products of the blocks of rows [lo, hi) (nodes), into y (thread 0) or the thread's buffer. */
export function blockProductRows(a: BlockProductArgs, lo: number, hi: number, ctx: { thread: number }): void {
  const { rowPtr, col, val, x } = a;
  const y = ctx.thread === 0 ? a.y : a.bufs[ctx.thread - 1];
  y.fill(0, 3 * lo);
  for (let i = lo; i < hi; i++) {
    const xi0 = x[3 * i], xi1 = x[3 * i + 1], xi2 = x[3 * i + 2];
    let s0 = 0, s1 = 0, s2 = 0;
    for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
      const j = 3 * col[k];
      const x0 = x[j], x1 = x[j + 1], x2 = x[j + 2];
      const v = 9 * k;
      const a0 = val[v], a1 = val[v + 1], a2 = val[v + 2], a3 = val[v + 3], a4 = val[v + 4], a5 = val[v + 5], a6 = val[v + 6], a7 = val[v + 7], a8 = val[v + 8];
      s0 += a0 * x0 + a1 * x1 + a2 * x2;
      s1 += a3 * x0 + a4 * x1 + a5 * x2;
      s2 += a6 * x0 + a7 * x1 + a8 * x2;
      if (j !== 3 * i) {
        y[j] += a0 * xi0 + a3 * xi1 + a6 * xi2;
        y[j + 1] += a1 * xi0 + a4 * xi1 + a7 * xi2;
        y[j + 2] += a2 * xi0 + a5 * xi1 + a8 * xi2;
      }
    }
    y[3 * i] += s0;
    y[3 * i + 1] += s1;
    y[3 * i + 2] += s2;
  }
}

/** y[i] += the buffers' entries for DOFs [lo, hi), in thread order, then the epilogue over the same DOFs. */
export function blockProductReduce(a: BlockProductArgs & EpilogueArgs, lo: number, hi: number): void {
  const y = a.y;
  for (let t = 1; t <= a.bufs.length; t++) {
    const buf = a.bufs[t - 1];
    for (let i = Math.max(lo, 3 * a.nodeBounds[t]); i < hi; i++) y[i] += buf[i];
  }
  epilogue(a, lo, hi);
}
