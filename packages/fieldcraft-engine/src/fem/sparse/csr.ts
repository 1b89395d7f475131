// Scalar CSR for the multigrid hierarchy: products, transposed products and the sparse matrix product.
import { sharedFloat32, sharedFloat64, sharedInt32 } from "../parallel/shared.js";
import { kernelFloat64, kernelInt32 } from "../parallel/wasm/heap.js";
import type { BlockCsr, LowerIndex } from "./block-csr.js";
import { checkCancelled } from "../cancel-scope.js";

export interface CsrOf<V extends Float64Array | Float32Array> {
  rows: number;
  cols: number;
  ptr: Int32Array;
  idx: Int32Array;
  val: V;
}

export type Csr = CsrOf<Float64Array>;
/** A prolongator kept in single precision: it is applied both ways, so the cycle stays symmetric. */
export type SingleCsr = CsrOf<Float32Array>;
/** Either precision, where a routine only reads the values. */
export type AnyCsr = CsrOf<Float64Array | Float32Array>;

/** Prolongator smoothing fused into the product A T: row r becomes T_r + scale_r (A T)_r, stored in single precision. */
export interface Smoothing {
  T: Csr;
  scale: Float64Array;
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

export function transpose(A: AnyCsr): Csr {
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

/** Left operand of a sparse product: scalar CSR, or 3x3-block CSR read as scalar rows. */
export type SparseLeft = { kind: "csr"; A: Csr } | { kind: "block"; A: BlockCsr; lower: LowerIndex };

/**
 * C = A B (Gustavson). Each row's entries are gathered in a dense accumulator with a marker, first to count
 * (so the result is allocated once), then to fill. Written without callbacks: this is the setup's hot loop.
 */
export function multiplySparse(left: SparseLeft, B: AnyCsr, rowStart = 0, rowEnd = left.kind === "csr" ? left.A.rows : 3 * left.A.n): Csr {
  return product(left, B, rowStart, rowEnd, null) as Csr;
}

/**
 * The smoothed prolongator P = T + diag(scale) A T (scale = -omega D^-1), written straight into single
 * precision: the double-precision A T, the largest array of the setup after the stiffness, never exists.
 */
export function smoothedProlongator(left: SparseLeft, T: Csr, scale: Float64Array, run?: ProductRunner): SingleCsr {
  return product(left, T, 0, T.rows, { T, scale }, run) as SingleCsr;
}

/**
 * One sparse product C = (rows [rowStart, rowStart + rows) of left) B, smoothed or not, in two passes over
 * output rows: `count` writes each row's entry count at ptr[r + 1], the caller sums them, then `fill` writes
 * idx/val at ptr[r]. Each row depends only on the operands, so any split of the rows over threads (and
 * none) gives the same bits. A block left operand is read node by node when the row range is on nodes.
 */
export interface ProductJob {
  left: SparseLeft;
  B: AnyCsr;
  smooth: Smoothing | null;
  rowStart: number;
  /** Node by node (a block left operand and a row range on nodes): then every range of rows must be on nodes. */
  nodes: boolean;
  ptr: Int32Array;
  idx: Int32Array | null;
  val: Float64Array | Float32Array | null;
}

/** Runs a pass of a product job over all of its output rows (one thread), or over the pool's row ranges. */
export type ProductRunner = (pass: "count" | "fill", job: ProductJob, rows: number) => void;

const serialRunner: ProductRunner = (pass, job, rows) => productRows(job, 0, rows, pass === "fill");

function product(left: SparseLeft, B: AnyCsr, rowStart: number, rowEnd: number, smooth: Smoothing | null, run: ProductRunner = serialRunner): AnyCsr {
  const n = rowEnd - rowStart;
  const nodes = left.kind === "block" && rowStart % 3 === 0 && rowEnd % 3 === 0;
  const job: ProductJob = { left, B, smooth, rowStart, nodes, ptr: sharedInt32(n + 1), idx: null, val: null };
  run("count", job, n);
  const ptr = job.ptr;
  for (let r = 0; r < n; r++) ptr[r + 1] += ptr[r];
  job.idx = sharedInt32(ptr[n]);
  job.val = smooth ? sharedFloat32(ptr[n]) : sharedFloat64(ptr[n]);
  run("fill", job, n);
  return { rows: n, cols: B.cols, ptr, idx: job.idx, val: job.val };
}

/** The count (fill = false) or fill pass of a product job over its output rows [lo, hi). */
export function productRows(job: ProductJob, lo: number, hi: number, fill: boolean): void {
  const { left } = job;
  if (job.nodes && left.kind === "block") {
    if (lo % 3 !== 0 || hi % 3 !== 0) throw new Error(`rows ${lo}..${hi} of a node-wise product do not start and end on nodes`);
    return nodeRows(job, left.A, left.lower, lo / 3, hi / 3, fill);
  }
  return scalarRows(job, lo, hi, fill);
}

function scalarRows(job: ProductJob, lo: number, hi: number, fill: boolean): void {
  const { left, B, smooth, rowStart, ptr } = job;
  const m = B.cols;
  const bp = B.ptr, bi = B.idx, bv = B.val;
  // Scalar row r of A as (column, value) pairs, copied into small buffers.
  let rowCols = new Int32Array(256);
  let rowVals = new Float64Array(256);
  const loadRow = (r: number): number => {
    let len = 0;
    if (left.kind === "csr") {
      const A = left.A;
      len = A.ptr[r + 1] - A.ptr[r];
      if (len > rowCols.length) {
        rowCols = new Int32Array(2 * len);
        rowVals = new Float64Array(2 * len);
      }
      rowCols.set(A.idx.subarray(A.ptr[r], A.ptr[r + 1]));
      rowVals.set(A.val.subarray(A.ptr[r], A.ptr[r + 1]));
    } else {
      // Full scalar row from the symmetric storage: row c of the upper blocks (i, j), column c of the lower (k, i).
      const A = left.A, L = left.lower;
      const i = (r / 3) | 0, c = r - 3 * i;
      len = 3 * (A.rowPtr[i + 1] - A.rowPtr[i] + L.ptr[i + 1] - L.ptr[i]);
      if (len > rowCols.length) {
        rowCols = new Int32Array(2 * len);
        rowVals = new Float64Array(2 * len);
      }
      let t = 0;
      for (let q = L.ptr[i]; q < L.ptr[i + 1]; q++) {
        const j = 3 * L.row[q], v = 9 * L.block[q] + c;
        rowCols[t] = j; rowVals[t++] = A.val[v];
        rowCols[t] = j + 1; rowVals[t++] = A.val[v + 3];
        rowCols[t] = j + 2; rowVals[t++] = A.val[v + 6];
      }
      for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) {
        const j = 3 * A.col[k], v = 9 * k + 3 * c;
        rowCols[t] = j; rowVals[t++] = A.val[v];
        rowCols[t] = j + 1; rowVals[t++] = A.val[v + 1];
        rowCols[t] = j + 2; rowVals[t++] = A.val[v + 2];
      }
    }
    return len;
  };
  const mark = new Int32Array(m).fill(-1);
  const tp = smooth?.T.ptr, ti = smooth?.T.idx, tv = smooth?.T.val;
  if (!fill) {
    for (let r = lo; r < hi; r++) {
      if ((r & 4095) === 0) checkCancelled();
      const len = loadRow(r + rowStart);
      let count = 0;
      // The pattern of T's row is kept even where A T happens to lack it.
      if (tp && ti)
        for (let k = tp[r + rowStart]; k < tp[r + rowStart + 1]; k++)
          if (mark[ti[k]] !== r) {
            mark[ti[k]] = r;
            count++;
          }
      for (let t = 0; t < len; t++) {
        const c = rowCols[t];
        for (let k = bp[c], end = bp[c + 1]; k < end; k++) {
          const j = bi[k];
          if (mark[j] !== r) {
            mark[j] = r;
            count++;
          }
        }
      }
      ptr[r + 1] = count;
    }
    return;
  }
  const idx = job.idx!, val = job.val!;
  const acc = new Float64Array(m);
  for (let r = lo; r < hi; r++) {
    if ((r & 4095) === 0) checkCancelled();
    const len = loadRow(r + rowStart);
    let pos = ptr[r];
    if (tp && ti)
      for (let k = tp[r + rowStart]; k < tp[r + rowStart + 1]; k++)
        if (mark[ti[k]] !== r) {
          mark[ti[k]] = r;
          idx[pos++] = ti[k];
          acc[ti[k]] = 0;
        }
    for (let t = 0; t < len; t++) {
      const c = rowCols[t], a = rowVals[t];
      for (let k = bp[c], end = bp[c + 1]; k < end; k++) {
        const j = bi[k];
        if (mark[j] !== r) {
          mark[j] = r;
          idx[pos++] = j;
          acc[j] = a * bv[k];
        } else acc[j] += a * bv[k];
      }
    }
    if (smooth && tp && ti && tv) {
      const s = smooth.scale[r + rowStart];
      for (let k = ptr[r]; k < ptr[r + 1]; k++) acc[idx[k]] *= s;
      for (let k = tp[r + rowStart]; k < tp[r + rowStart + 1]; k++) acc[ti[k]] += tv[k];
    }
    for (let k = ptr[r]; k < ptr[r + 1]; k++) val[k] = acc[idx[k]];
  }
}

/**
 * The block-matrix case, node by node (nodes [n0, n1) of the job's left operand): the three rows of a node
 * share one column pattern, so the pattern is counted once and the three rows are accumulated in one sweep over B.
 */
function nodeRows(job: ProductJob, A: BlockCsr, L: LowerIndex, n0: number, n1: number, fill: boolean): void {
  const { B, smooth, ptr } = job;
  const node0 = job.rowStart / 3;
  const m = B.cols;
  const bp = B.ptr, bi = B.idx, bv = B.val;
  const av = A.val;
  const mark = new Int32Array(m).fill(-1);
  // Block columns of node i's full row: lower part (transposed blocks) then upper part.
  const countColumn = (j: number, i: number): number => {
    let count = 0;
    for (let d = 0; d < 3; d++)
      for (let k = bp[3 * j + d], end = bp[3 * j + d + 1]; k < end; k++) {
        const c = bi[k];
        if (mark[c] !== i) {
          mark[c] = i;
          count++;
        }
      }
    return count;
  };
  const tp = smooth?.T.ptr, ti = smooth?.T.idx, tv = smooth?.T.val;
  if (!fill) {
    for (let i = n0 + node0; i < n1 + node0; i++) {
      if ((i & 1023) === 0) checkCancelled();
      let count = 0;
      // The pattern of T's three rows is kept even where A T happens to lack it.
      if (tp && ti)
        for (let k = tp[3 * i]; k < tp[3 * i + 3]; k++)
          if (mark[ti[k]] !== i) {
            mark[ti[k]] = i;
            count++;
          }
      for (let q = L.ptr[i]; q < L.ptr[i + 1]; q++) count += countColumn(L.row[q], i);
      for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) count += countColumn(A.col[k], i);
      const r = 3 * (i - node0);
      ptr[r + 1] = count;
      ptr[r + 2] = count;
      ptr[r + 3] = count;
    }
    return;
  }
  const idx = job.idx!, val = job.val!;
  const acc0 = new Float64Array(m), acc1 = new Float64Array(m), acc2 = new Float64Array(m);
  const accs = [acc0, acc1, acc2];
  for (let i = n0 + node0; i < n1 + node0; i++) {
    if ((i & 1023) === 0) checkCancelled();
    const r = 3 * (i - node0);
    const start = ptr[r];
    let pos = start;
    if (tp && ti)
      for (let k = tp[3 * i]; k < tp[3 * i + 3]; k++) {
        const c = ti[k];
        if (mark[c] !== i) {
          mark[c] = i;
          idx[pos++] = c;
          acc0[c] = acc1[c] = acc2[c] = 0;
        }
      }
    // Visit the block (j, 3x3 values at v, transposed or not) and add its three rows' contributions.
    const visit = (j: number, v: number, transposed: boolean) => {
      for (let d = 0; d < 3; d++) {
        // a_c = entry (row c, column d) of the block as it sits in node i's row.
        const a0 = transposed ? av[v + 3 * d] : av[v + d];
        const a1 = transposed ? av[v + 3 * d + 1] : av[v + 3 + d];
        const a2 = transposed ? av[v + 3 * d + 2] : av[v + 6 + d];
        for (let k = bp[3 * j + d], end = bp[3 * j + d + 1]; k < end; k++) {
          const c = bi[k], b = bv[k];
          if (mark[c] !== i) {
            mark[c] = i;
            idx[pos++] = c;
            acc0[c] = a0 * b;
            acc1[c] = a1 * b;
            acc2[c] = a2 * b;
          } else {
            acc0[c] += a0 * b;
            acc1[c] += a1 * b;
            acc2[c] += a2 * b;
          }
        }
      }
    };
    for (let q = L.ptr[i]; q < L.ptr[i + 1]; q++) visit(L.row[q], 9 * L.block[q], true);
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) visit(A.col[k], 9 * k, false);
    const count = pos - start;
    if (smooth && tp && ti && tv) {
      const s0 = smooth.scale[3 * i], s1 = smooth.scale[3 * i + 1], s2 = smooth.scale[3 * i + 2];
      for (let t = 0; t < count; t++) {
        const c = idx[start + t];
        acc0[c] *= s0;
        acc1[c] *= s1;
        acc2[c] *= s2;
      }
      for (let d = 0; d < 3; d++) for (let k = tp[3 * i + d]; k < tp[3 * i + d + 1]; k++) accs[d][ti[k]] += tv[k];
    }
    for (let t = 0; t < count; t++) {
      const c = idx[start + t];
      idx[start + count + t] = c;
      idx[start + 2 * count + t] = c;
      val[start + t] = acc0[c];
      val[start + count + t] = acc1[c];
      val[start + 2 * count + t] = acc2[c];
    }
  }
}

/**
 * C = A B where B's rows come in node triples (3i, 3i+1, 3i+2) sharing one column list in one order, as
 * multiplyNodeRows makes them: where a row of A holds all three, one sweep adds the three rows.
 */
function multiplyByNodeRows(A: Csr, B: Csr): Csr {
  const n = A.rows, m = B.cols;
  const ap = A.ptr, ai = A.idx, av = A.val, bp = B.ptr, bi = B.idx, bv = B.val;
  const mark = new Int32Array(m).fill(-1);
  const ptr = sharedInt32(n + 1);
  for (let r = 0; r < n; r++) {
    if ((r & 1023) === 0) checkCancelled();
    let count = 0;
    for (let k = ap[r]; k < ap[r + 1]; k++) {
      const c = ai[k];
      if (c % 3 !== 0 && k > ap[r] && ((ai[k - 1] / 3) | 0) === ((c / 3) | 0)) continue; // same pattern as the node's first row seen
      for (let q = bp[c], end = bp[c + 1]; q < end; q++) {
        const j = bi[q];
        if (mark[j] !== r) {
          mark[j] = r;
          count++;
        }
      }
    }
    ptr[r + 1] = ptr[r] + count;
  }
  const idx = sharedInt32(ptr[n]);
  const val = sharedFloat64(ptr[n]);
  const acc = new Float64Array(m);
  mark.fill(-1);
  for (let r = 0; r < n; r++) {
    if ((r & 1023) === 0) checkCancelled();
    let pos = ptr[r];
    for (let k = ap[r]; k < ap[r + 1]; ) {
      const c = ai[k];
      if (c % 3 === 0 && k + 2 < ap[r + 1] && ai[k + 1] === c + 1 && ai[k + 2] === c + 2) {
        const a0 = av[k], a1 = av[k + 1], a2 = av[k + 2];
        const s0 = bp[c], len = bp[c + 1] - s0, s1 = bp[c + 1], s2 = bp[c + 2];
        for (let t = 0; t < len; t++) {
          const j = bi[s0 + t];
          const v = a0 * bv[s0 + t] + a1 * bv[s1 + t] + a2 * bv[s2 + t];
          if (mark[j] !== r) {
            mark[j] = r;
            idx[pos++] = j;
            acc[j] = v;
          } else acc[j] += v;
        }
        k += 3;
        continue;
      }
      const a = av[k];
      for (let q = bp[c], end = bp[c + 1]; q < end; q++) {
        const j = bi[q];
        if (mark[j] !== r) {
          mark[j] = r;
          idx[pos++] = j;
          acc[j] = a * bv[q];
        } else acc[j] += a * bv[q];
      }
      k++;
    }
    for (let k = ptr[r]; k < ptr[r + 1]; k++) val[k] = acc[idx[k]];
  }
  return { rows: n, cols: m, ptr, idx, val };
}

/** Rows [r0, r1) of A as a matrix of its own (sharing A's arrays where it can). */
export function sliceRows<V extends Float64Array | Float32Array>(A: CsrOf<V>, r0: number, r1: number): CsrOf<V> {
  const base = A.ptr[r0];
  const ptr = new Int32Array(r1 - r0 + 1);
  for (let r = r0; r <= r1; r++) ptr[r - r0] = A.ptr[r] - base;
  return { rows: r1 - r0, cols: A.cols, ptr, idx: A.idx.subarray(base, A.ptr[r1]), val: A.val.subarray(base, A.ptr[r1]) as V };
}

/** The sum of matrices of one shape, in one pass (no growing intermediate sums). */
export function addSparse(parts: Csr[]): Csr {
  const n = parts[0].rows, m = parts[0].cols;
  const mark = new Int32Array(m).fill(-1);
  // A coarse level's operator: in the kernel heap, where the WebAssembly product reads it.
  const ptr = kernelInt32(n + 1);
  for (let r = 0; r < n; r++) {
    if ((r & 4095) === 0) checkCancelled();
    let count = 0;
    for (const X of parts)
      for (let k = X.ptr[r]; k < X.ptr[r + 1]; k++)
        if (mark[X.idx[k]] !== r) {
          mark[X.idx[k]] = r;
          count++;
        }
    ptr[r + 1] = ptr[r] + count;
  }
  const idx = kernelInt32(ptr[n]);
  const val = kernelFloat64(ptr[n]);
  const where = new Int32Array(m);
  mark.fill(-1);
  for (let r = 0; r < n; r++) {
    if ((r & 4095) === 0) checkCancelled();
    let pos = ptr[r];
    for (const X of parts)
      for (let k = X.ptr[r]; k < X.ptr[r + 1]; k++) {
        const j = X.idx[k];
        if (mark[j] === r) val[where[j]] += X.val[k];
        else {
          mark[j] = r;
          where[j] = pos;
          idx[pos] = j;
          val[pos++] = X.val[k];
        }
      }
  }
  return { rows: n, cols: m, ptr, idx, val };
}

/**
 * Galerkin product P^T A P, streamed over slices of fine rows so the intermediate A P never exists whole
 * (it is the largest matrix of the setup).
 */
export function galerkinProduct(left: SparseLeft, P: AnyCsr, sliceEntries = GALERKIN_SLICE_ENTRIES, runSlices = serialSlices): Csr {
  const rows = P.rows;
  // The first slice measures how dense A P is; later slices hold about `sliceEntries` entries each. The cut
  // depends only on the matrices (not on who computes the slices), so a pool gives the same bits.
  // Slices start on node boundaries so a block matrix is read node by node.
  const r1 = Math.min(rows, GALERKIN_FIRST_SLICE_ROWS(sliceEntries));
  const first = galerkinPart(left, P, 0, r1);
  if (r1 === rows) return first.part;
  const step = galerkinSliceRows(sliceEntries, first.entriesPerRow);
  const count = Math.ceil((rows - r1) / step);
  const slices = new Int32Array(count + 1);
  for (let s = 0; s <= count; s++) slices[s] = Math.min(rows, r1 + s * step);
  return addSparse([first.part, ...runSlices(left, P, slices)]);
}

/** The shares of the slices [slices[s], slices[s + 1]) in order, one after the other. */
function serialSlices(left: SparseLeft, P: AnyCsr, slices: Int32Array): Csr[] {
  const parts: Csr[] = [];
  for (let s = 0; s + 1 < slices.length; s++) parts.push(galerkinPart(left, P, slices[s], slices[s + 1]).part);
  return parts;
}

/** Entries of A P per Galerkin slice (about 48 MB of them). */
export const GALERKIN_SLICE_ENTRIES = 4_000_000;
/** Rows of the first slice, before the density of A P is known. */
export const GALERKIN_FIRST_SLICE_ROWS = (sliceEntries: number): number => 3 * Math.max(1, Math.floor(sliceEntries / 1000));
/** Rows per slice (a multiple of 3: node boundaries) for A P rows of `entriesPerRow` entries. */
export const galerkinSliceRows = (sliceEntries: number, entriesPerRow: number): number => 3 * Math.max(1, Math.floor(sliceEntries / Math.max(1, entriesPerRow) / 3));

/** The share of fine rows [r0, r1) in P^T A P, and the density of the A P rows it formed. */
export function galerkinPart(left: SparseLeft, P: AnyCsr, r0: number, r1: number): { part: Csr; entriesPerRow: number } {
  const AP = multiplySparse(left, P, r0, r1);
  const PT = transpose(sliceRows(P, r0, r1));
  const part = left.kind === "block" && r0 % 3 === 0 ? multiplyByNodeRows(PT, AP) : multiplySparse({ kind: "csr", A: PT }, AP);
  return { part, entriesPerRow: AP.ptr[AP.rows] / AP.rows };
}

/** y += A x. */
export function singleMultiplyAdd(A: SingleCsr, x: Float64Array, y: Float64Array): void {
  const { rows, ptr, idx, val } = A;
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) s += val[k] * x[idx[k]];
    y[i] += s;
  }
}

/** y += A^T x. */
export function singleMultiplyTransposeAdd(A: SingleCsr, x: Float64Array, y: Float64Array): void {
  const { rows, ptr, idx, val } = A;
  for (let i = 0; i < rows; i++) {
    const xi = x[i];
    if (xi === 0) continue;
    for (let k = ptr[i], end = ptr[i + 1]; k < end; k++) y[idx[k]] += val[k] * xi;
  }
}
