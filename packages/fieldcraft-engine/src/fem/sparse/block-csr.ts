// Symmetric block CSR: one block row per node, a b x b block per coupled node pair (b = unknowns per node:
// 3 for solids, 1 for heat, 2 for planar elements), only the upper triangle of blocks stored (column >= row),
// which halves the largest array of the solve; a product reads each block once and applies it both ways.
// The 3x3 case (elasticity) keeps its unrolled kernels; other block sizes take the generic loops.
import type { Mesh } from "../../mesh/types.js";
import { NODES_PER_ELEMENT } from "../../mesh/types.js";
import { sharedFloat64, sharedInt32 } from "../parallel/shared.js";
import { kernelFloat64, kernelInt32 } from "../parallel/wasm/heap.js";
import { checkCancelled } from "../cancel-scope.js";

export interface BlockCsr {
  /** Block rows (nodes). */
  n: number;
  /** Unknowns per node: each block is b x b. */
  b: number;
  rowPtr: Int32Array;
  /** Block column per stored block (>= its row), sorted within each row; the diagonal block comes first. */
  col: Int32Array;
  /** b * b values per block, row-major. */
  val: Float64Array;
}

/** Node -> elements incidence as CSR. */
export function nodeElements(mesh: Mesh): { ptr: Int32Array; idx: Int32Array } {
  const nn = mesh.nodes.length / 3;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const ne = mesh.elements.length / npe;
  const ptr = new Int32Array(nn + 1);
  for (let k = 0; k < mesh.elements.length; k++) ptr[mesh.elements[k] + 1]++;
  for (let i = 0; i < nn; i++) ptr[i + 1] += ptr[i];
  const fill = ptr.slice(0, nn);
  const idx = new Int32Array(ptr[nn]);
  for (let e = 0; e < ne; e++) for (let a = 0; a < npe; a++) idx[fill[mesh.elements[e * npe + a]]++] = e;
  return { ptr, idx };
}

/** The upper block pattern of the stiffness: node i couples to node j >= i when an element holds both. */
export function blockPatternFromMesh(mesh: Mesh, b = 3): BlockCsr {
  const nn = mesh.nodes.length / 3;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const { ptr, idx } = nodeElements(mesh);
  const mark = new Int32Array(nn).fill(-1);
  // In the kernel heap (where the WebAssembly kernels can read it) unless FIELDCRAFT_KERNELS=ts.
  const rowPtr = kernelInt32(nn + 1);
  // Count first, then fill: no growing arrays.
  for (let i = 0; i < nn; i++) {
    if ((i & 4095) === 0) checkCancelled();
    let count = 0;
    for (let k = ptr[i]; k < ptr[i + 1]; k++) {
      const base = idx[k] * npe;
      for (let a = 0; a < npe; a++) {
        const j = mesh.elements[base + a];
        if (j >= i && mark[j] !== i) {
          mark[j] = i;
          count++;
        }
      }
    }
    rowPtr[i + 1] = rowPtr[i] + count;
  }
  mark.fill(-1);
  const col = kernelInt32(rowPtr[nn]);
  for (let i = 0; i < nn; i++) {
    if ((i & 4095) === 0) checkCancelled();
    let pos = rowPtr[i];
    for (let k = ptr[i]; k < ptr[i + 1]; k++) {
      const base = idx[k] * npe;
      for (let a = 0; a < npe; a++) {
        const j = mesh.elements[base + a];
        if (j >= i && mark[j] !== i) {
          mark[j] = i;
          col[pos++] = j;
        }
      }
    }
    col.subarray(rowPtr[i], rowPtr[i + 1]).sort();
  }
  return { n: nn, b, rowPtr, col, val: kernelFloat64(col.length * b * b) };
}

/** Position of block (i, j), or -1. */
export function findBlock(A: BlockCsr, i: number, j: number): number {
  let lo = A.rowPtr[i], hi = A.rowPtr[i + 1] - 1;
  const col = A.col;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = col[mid];
    if (c === j) return mid;
    if (c < j) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** y = A x, the lower triangle applied as the transpose of the stored upper blocks. */
export function blockMultiply(A: BlockCsr, x: Float64Array, y: Float64Array): void {
  if (A.b !== 3) return blockMultiplyGeneric(A, x, y);
  y.fill(0);
  addBlockRows3(A.rowPtr, A.col, A.val, x, y, 0, A.n);
}

/**
 * y += (A x) from the stored 3x3 blocks of rows [lo, hi): each upper block applied to its row and, transposed,
 * to its column's row (which may lie past hi). The serial product and the thread pool's kernel both run it.
 */
export function addBlockRows3(rowPtr: Int32Array, col: Int32Array, val: Float64Array, x: Float64Array, y: Float64Array, lo: number, hi: number): void {
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

/** y = A x for any block size: the same symmetric sweep with the block's loops left rolled. */
function blockMultiplyGeneric(A: BlockCsr, x: Float64Array, y: Float64Array): void {
  const { n, b, rowPtr, col, val } = A;
  const bb = b * b;
  y.fill(0);
  for (let i = 0; i < n; i++) {
    const bi = b * i;
    for (let k = rowPtr[i], end = rowPtr[i + 1]; k < end; k++) {
      const bj = b * col[k], v = bb * k;
      for (let r = 0; r < b; r++) {
        let s = 0;
        for (let c = 0; c < b; c++) s += val[v + r * b + c] * x[bj + c];
        y[bi + r] += s;
      }
      if (bj !== bi) for (let c = 0; c < b; c++) for (let r = 0; r < b; r++) y[bj + c] += val[v + r * b + c] * x[bi + r];
    }
  }
}

/**
 * y = |A| x (every entry by its absolute value): the scale of the round-off in A x, which the eigensolver
 * needs to tell a residual still falling from one at the limit of double precision. Rarely run: not tuned.
 */
export function blockMultiplyAbs(A: BlockCsr, x: Float64Array, y: Float64Array): void {
  const { n, b, rowPtr, col, val } = A;
  y.fill(0);
  for (let i = 0; i < n; i++)
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
      const j = col[k];
      for (let q = 0; q < b * b; q++) {
        const r = Math.floor(q / b), c = q % b, a = Math.abs(val[b * b * k + q]);
        y[b * i + r] += a * x[b * j + c];
        if (j !== i) y[b * j + c] += a * x[b * i + r];
      }
    }
}

/** The full (both triangles) scalar CSR of a block matrix: what the multigrid takes when blocks are not 3x3. */
export function expandToScalar(A: BlockCsr): { rows: number; cols: number; ptr: Int32Array; idx: Int32Array; val: Float64Array } {
  const { n, b, rowPtr, col, val } = A;
  const bb = b * b;
  const rows = n * b;
  const count = new Int32Array(n);
  for (let i = 0; i < n; i++)
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
      count[i]++;
      if (col[k] !== i) count[col[k]]++;
    }
  const ptr = sharedInt32(rows + 1);
  for (let i = 0; i < n; i++) for (let r = 0; r < b; r++) ptr[b * i + r + 1] = count[i] * b;
  for (let r = 0; r < rows; r++) ptr[r + 1] += ptr[r];
  const fill = ptr.slice(0, rows);
  const idx = sharedInt32(ptr[rows]);
  const out = sharedFloat64(ptr[rows]);
  // Lower blocks first (row order of their upper partner), then upper: columns come out sorted.
  for (let i = 0; i < n; i++)
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++) {
      const j = col[k];
      if (j === i) continue;
      for (let c = 0; c < b; c++)
        for (let r = 0; r < b; r++) {
          const p = fill[b * j + c]++;
          idx[p] = b * i + r;
          out[p] = val[bb * k + r * b + c];
        }
    }
  for (let i = 0; i < n; i++)
    for (let k = rowPtr[i]; k < rowPtr[i + 1]; k++)
      for (let r = 0; r < b; r++)
        for (let c = 0; c < b; c++) {
          const p = fill[b * i + r]++;
          idx[p] = b * col[k] + c;
          out[p] = val[bb * k + r * b + c];
        }
  return { rows, cols: rows, ptr, idx, val: out };
}

/** For each node, the stored blocks (k, i) with k < i: the lower half of its row, as positions and rows. */
export interface LowerIndex {
  ptr: Int32Array;
  block: Int32Array;
  row: Int32Array;
}

export function lowerIndex(A: BlockCsr): LowerIndex {
  const ptr = sharedInt32(A.n + 1);
  for (let i = 0; i < A.n; i++) for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) if (A.col[k] !== i) ptr[A.col[k] + 1]++;
  for (let i = 0; i < A.n; i++) ptr[i + 1] += ptr[i];
  const fill = ptr.slice(0, A.n);
  const block = sharedInt32(ptr[A.n]);
  const row = sharedInt32(ptr[A.n]);
  for (let i = 0; i < A.n; i++)
    for (let k = A.rowPtr[i]; k < A.rowPtr[i + 1]; k++) {
      const j = A.col[k];
      if (j === i) continue;
      block[fill[j]] = k;
      row[fill[j]++] = i;
    }
  return { ptr, block, row };
}

/** Bytes held by the matrix. */
export function blockBytes(A: BlockCsr): number {
  return A.rowPtr.byteLength + A.col.byteLength + A.val.byteLength;
}
