// y = A x for the symmetric 3x3-block matrix stored as its upper triangle, split over node ranges. Each block
// is read once and applied both ways, so a thread also adds into rows of later ranges: thread 0 writes into
// y, thread t > 0 into its own buffer (rows from its first node on), and a second pass adds the buffers into
// y in thread order, then applies an epilogue (the vector update that follows the product in a smoother).
import { addBlockRows3 } from "../../sparse/block-csr.js";
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
  const y = ctx.thread === 0 ? a.y : a.bufs[ctx.thread - 1];
  y.fill(0, 3 * lo);
  addBlockRows3(a.rowPtr, a.col, a.val, a.x, y, lo, hi);
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
