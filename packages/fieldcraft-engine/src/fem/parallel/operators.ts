// The V-cycle's and CG's operators over the kernel pool: the block and scalar products with a fused
// epilogue, and the prolongator both ways. Without a pool (one thread), or on a level too small to pay for
// waking the workers, each runs the same kernels over the whole range on the caller's thread: the code path
// and the bits of the one-thread solver.
import type { BlockCsr } from "../sparse/block-csr.js";
import { blockMultiply } from "../sparse/block-csr.js";
import type { Csr, SingleCsr } from "../sparse/csr.js";
import { csrMultiply, singleMultiplyAdd, singleMultiplyTransposeAdd } from "../sparse/csr.js";
import type { LinearOperator } from "../solvers/operator.js";
import { equalBounds, weightedBounds } from "./bounds.js";
import { blockProductRows, type BlockProductArgs } from "./kernels/block-product.js";
import { chebyshevZeroStart, epilogue, EPILOGUE, type EpilogueArgs } from "./kernels/epilogue.js";
import type { KernelPool } from "./pool.js";
import { isShared, sharedFloat64 } from "./shared.js";
import { blockProductRowsWasm } from "./kernels/block-product-wasm.js";
import { csrProductRowsWasm } from "./kernels/csr-product-wasm.js";
import { heapOf, kernelFloat64, kernelPath } from "./wasm/heap.js";

/**
 * Stored entries below which a product stays on the caller's thread: waking a worker and waiting for it
 * costs tens of microseconds, about what a thread streams through in 100k entries.
 * FIELDCRAFT_PARALLEL_MIN_ENTRIES overrides it (tests set 0 to send every product of a small model through
 * the workers).
 */
export const PARALLEL_MIN_ENTRIES = 100_000;

export function parallelMinEntries(): number {
  const env = Number(process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES);
  return process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES && Number.isFinite(env) && env >= 0 ? env : PARALLEL_MIN_ENTRIES;
}

/** A product y = A v followed by an epilogue on the complete y (y is `e.y`). */
export interface LevelOperator extends LinearOperator {
  fused(v: Float64Array, e: EpilogueArgs): void;
  /** The Chebyshev start from x = 0 (vectors only). */
  zeroStart(e: EpilogueArgs): void;
  /** Threads its products use. */
  threads: number;
  /** A zeroed work vector the products take fastest (in the kernel heap when they run WebAssembly). */
  vector(n: number): Float64Array;
  /** Which kernel its products run. */
  kernel: "wasm" | "ts";
}

const usable = (pool: KernelPool | null, entries: number, arrays: ArrayBufferView[]): KernelPool | null =>
  pool && pool.threads > 1 && entries >= parallelMinEntries() && arrays.every(isShared) ? pool : null;

function serialOperator(size: number, product: (v: Float64Array, y: Float64Array) => void): LevelOperator {
  return {
    size,
    threads: 1,
    kernel: "ts",
    vector: sharedFloat64,
    apply: product,
    fused(v, e) {
      product(v, e.y);
      epilogue(e, 0, size);
    },
    zeroStart: (e) => chebyshevZeroStart(e, 0, size),
  };
}

/** Vector-only kernels over equal DOF ranges (shared with the product's second pass). */
function vectorKernels(pool: KernelPool, size: number) {
  const dofBounds = equalBounds(size, pool.threads, 3);
  return {
    dofBounds,
    zeroStart: (e: EpilogueArgs) => pool.run("chebyshevZeroStart", e, dofBounds),
  };
}

/**
 * The symmetric 3x3-block product (other block sizes stay on one thread: heat and planar models are small).
 * With the matrix in the kernel heap (and FIELDCRAFT_KERNELS not "ts") its rows run the WebAssembly SIMD
 * kernel whenever the vectors are in the heap too (vector() gives such), else the TypeScript one.
 */
export function blockLevelOperator(A: BlockCsr, pool: KernelPool | null): LevelOperator {
  const size = A.b * A.n;
  const wasm = A.b === 3 && kernelPath() === "wasm" && heapOf(A.rowPtr, A.col, A.val) !== null;
  const vector = wasm ? kernelFloat64 : sharedFloat64;
  const p = A.b === 3 ? usable(pool, 9 * A.col.length, [A.rowPtr, A.col, A.val]) : null;
  const kernel = wasm ? ("wasm" as const) : ("ts" as const);
  // The heap holding the matrix and both vectors (and the threads' buffers), or null: then TypeScript.
  const heapFor = (arrays: Float64Array[]) => (wasm ? heapOf(A.val, ...arrays) : null);
  if (!p) {
    const product = (x: Float64Array, y: Float64Array) => {
      const heap = heapFor([x, y]);
      if (!heap) return blockMultiply(A, x, y);
      blockProductRowsWasm({ rowPtr: A.rowPtr, col: A.col, val: A.val, x, y, bufs: [], nodeBounds: ZERO_BOUNDS, ...heap }, 0, A.n, { thread: 0 });
    };
    return { ...serialOperator(size, product), vector, kernel };
  }
  const threads = p.threads;
  const nodeBounds = weightedBounds(A.rowPtr, threads);
  const bufs = Array.from({ length: threads - 1 }, () => vector(size));
  const { dofBounds, zeroStart } = vectorKernels(p, size);
  const fused = (v: Float64Array, e: EpilogueArgs) => {
    if (!isShared(v) || !isShared(e.y)) {
      // A caller's own array: same kernels, one thread (correct, just not parallel).
      const args: BlockProductArgs = { rowPtr: A.rowPtr, col: A.col, val: A.val, x: v, y: e.y, bufs: [], nodeBounds };
      blockProductRows(args, 0, A.n, { thread: 0 });
      epilogue(e, 0, size);
      return;
    }
    const args: BlockProductArgs = { rowPtr: A.rowPtr, col: A.col, val: A.val, x: v, y: e.y, bufs, nodeBounds };
    const heap = heapFor([v, e.y, ...bufs]);
    if (heap) p.run("blockProductRowsWasm", { ...args, ...heap }, nodeBounds);
    else p.run("blockProductRows", args, nodeBounds);
    p.run("blockProductReduce", { ...args, ...e }, dofBounds);
  };
  return { size, threads, kernel, vector, apply: (x, y) => fused(x, { mode: EPILOGUE.none, y }), fused, zeroStart };
}

const ZERO_BOUNDS = new Int32Array(1);

/**
 * A coarse level's scalar product (full rows: each thread writes only its own rows); the WebAssembly SIMD
 * rows when the matrix and vectors are in the kernel heap, as for the block product.
 */
export function csrLevelOperator(A: Csr, pool: KernelPool | null): LevelOperator {
  const wasm = kernelPath() === "wasm" && heapOf(A.ptr, A.idx, A.val) !== null;
  const vector = wasm ? kernelFloat64 : sharedFloat64;
  const kernel = wasm ? ("wasm" as const) : ("ts" as const);
  const heapFor = (x: Float64Array, y: Float64Array) => (wasm ? heapOf(A.val, x, y) : null);
  const p = usable(pool, A.ptr[A.rows], [A.ptr, A.idx, A.val]);
  if (!p) {
    const product = (x: Float64Array, y: Float64Array) => {
      const heap = heapFor(x, y);
      if (heap) csrProductRowsWasm({ ptr: A.ptr, idx: A.idx, val: A.val, x, y, ...heap }, 0, A.rows);
      else csrMultiply(A, x, y);
    };
    return { ...serialOperator(A.rows, product), vector, kernel };
  }
  const rowBounds = weightedBounds(A.ptr, p.threads);
  const { dofBounds, zeroStart } = vectorKernels(p, A.rows);
  const fused = (v: Float64Array, e: EpilogueArgs) => {
    if (!isShared(v) || !isShared(e.y)) {
      csrMultiply(A, v, e.y);
      epilogue(e, 0, A.rows);
      return;
    }
    const args = { ptr: A.ptr, idx: A.idx, val: A.val, x: v, y: e.y };
    const heap = heapFor(v, e.y);
    if (heap) p.run("csrProductRowsWasm", { ...args, ...heap }, rowBounds);
    else p.run("csrProductRows", args, rowBounds);
    if (e.mode !== EPILOGUE.none) p.run("epilogueRows", e, dofBounds);
  };
  return { size: A.rows, threads: p.threads, kernel, vector, apply: (x, y) => fused(x, { mode: EPILOGUE.none, y }), fused, zeroStart };
}

/** Restriction (coarse = P^T fine) and prolongation (fine += P coarse) with a single-precision P. */
export interface Transfer {
  restrict(fine: Float64Array, coarse: Float64Array): void;
  prolongAdd(coarse: Float64Array, fine: Float64Array): void;
}

export function transferOperator(P: SingleCsr, pool: KernelPool | null): Transfer {
  const p = usable(pool, P.ptr[P.rows], [P.ptr, P.idx, P.val]);
  const serial: Transfer = {
    restrict(fine, coarse) {
      coarse.fill(0);
      singleMultiplyTransposeAdd(P, fine, coarse);
    },
    prolongAdd: (coarse, fine) => singleMultiplyAdd(P, coarse, fine),
  };
  if (!p) return serial;
  const rowBounds = weightedBounds(P.ptr, p.threads);
  const coarseBounds = equalBounds(P.cols, p.threads);
  const bufs = Array.from({ length: p.threads - 1 }, () => sharedFloat64(P.cols));
  return {
    restrict(fine, coarse) {
      if (!isShared(fine) || !isShared(coarse)) return serial.restrict(fine, coarse);
      const args = { ptr: P.ptr, idx: P.idx, val: P.val, x: fine, y: coarse, bufs };
      p.run("transposeProductRows", args, rowBounds);
      p.run("transposeProductReduce", args, coarseBounds);
    },
    prolongAdd(coarse, fine) {
      if (!isShared(fine) || !isShared(coarse)) return serial.prolongAdd(coarse, fine);
      p.run("csrProductAddRows", { ptr: P.ptr, idx: P.idx, val: P.val, x: coarse, y: fine }, rowBounds);
    },
  };
}
