// The kernel heap: one shared WebAssembly.Memory (its buffer a SharedArrayBuffer) holding the arrays the
// WebAssembly kernels read and write (the block matrix, the solver's work vectors), handed out as ordinary
// typed-array views, so TypeScript code and the pool's workers use them as before while a kernel gets their
// byte offsets. A module can address only its own memory: an array outside the heap takes the TypeScript
// kernel (correct, just not SIMD). With FIELDCRAFT_KERNELS=ts, or where the runtime lacks WebAssembly SIMD or
// shared memory, every array stays out (plain SharedArrayBuffers).
//
// Lifetime: a view's region is freed when the view is garbage (a FinalizationRegistry), and the memory
// itself, which WebAssembly cannot shrink, is dropped once nothing in it is alive, so a finished solve gives
// its pages back. Contract: a region lives as long as the view handed out, so never keep a subarray of
// one after the view itself is gone (the solver does not).
import { sharedFloat64, sharedInt32 } from "../shared.js";
import { forgetInstance, wasm, wasmSupported, type WasmMemory } from "./module.js";
import { Regions, type Taken } from "./regions.js";

const PAGE = 65536;
const MAX_PAGES = 65536;
/** Regions start on cache lines (and so on 16 bytes, which the SIMD loads like). */
const ALIGN = 64;

export type KernelPath = "wasm" | "ts";

/** The kernels in use: WebAssembly where the runtime runs it, unless FIELDCRAFT_KERNELS=ts asks for TypeScript. */
export function kernelPath(env: string | undefined = process.env.FIELDCRAFT_KERNELS): KernelPath {
  const problem = kernelPathProblem(env);
  if (problem) throw new Error(problem);
  return env !== "ts" && wasmSupported() ? "wasm" : "ts";
}

/** What is wrong with FIELDCRAFT_KERNELS, or null (a solve checks it first and returns the error). */
export function kernelPathProblem(env: string | undefined = process.env.FIELDCRAFT_KERNELS): string | null {
  return env === undefined || env === "" || env === "ts" || env === "wasm" ? null : `FIELDCRAFT_KERNELS must be "wasm" or "ts" (got "${env}")`;
}

interface Region {
  heap: number;
  offset: number;
  bytes: number;
}

class Heap {
  readonly memory: WasmMemory;
  readonly regions = new Regions();
  constructor(readonly id: number) {
    this.memory = new wasm!.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
  }

  /** A region of `bytes` (a multiple of ALIGN), or null when 4 GiB are full. */
  take(bytes: number): Taken | null {
    return this.regions.take(bytes, (end) => {
      if (end > MAX_PAGES * PAGE) return false;
      const have = this.memory.buffer.byteLength;
      if (end <= have) return true;
      try {
        // Grow by at least an eighth: fewer grows (a shared memory grows in place; untouched pages cost nothing).
        this.memory.grow(Math.max(Math.ceil((end - have) / PAGE), Math.min(MAX_PAGES - have / PAGE, Math.ceil(have / PAGE / 8))));
        return true;
      } catch {
        return false;
      }
    });
  }
}

let heap: Heap | null = null;
let heaps = 0;
/** Buffers of the current heap's memory (a grown memory answers with a new SharedArrayBuffer object). */
let buffers = new WeakSet<ArrayBufferLike>();
const finalizer = new FinalizationRegistry<Region>((r) => {
  if (!heap || heap.id !== r.heap) return;
  heap.regions.give(r.offset, r.bytes);
  if (heap.regions.live === 0) {
    heap = null; // the memory goes with its last view (and this thread's instance over it)
    buffers = new WeakSet();
    forgetInstance(r.heap);
  }
});

/** Set in the kernel pool's workers: they compute in their caller's heap and never own one. */
let kernelWorker = false;

export function markKernelWorker(): void {
  kernelWorker = true;
}

function place<T extends Float64Array | Int32Array>(n: number, width: number, make: (buffer: SharedArrayBuffer, offset: number, n: number) => T): T | null {
  // The heap is the pool's caller's (the main thread, or an engine session's own worker thread): a kernel
  // worker's views would be freed by its own collector while the caller still used them, so arrays made
  // in a kernel worker (a Galerkin slice) are plain shared ones.
  if (kernelWorker || kernelPath() !== "wasm") return null;
  const bytes = Math.max(ALIGN, Math.ceil((width * n) / ALIGN) * ALIGN);
  heap ??= new Heap(++heaps);
  const got = heap.take(bytes);
  if (!got) return null;
  const buffer = heap.memory.buffer;
  buffers.add(buffer);
  const view = make(buffer, got.offset, n);
  if (got.clear) view.fill(0);
  finalizer.register(view, { heap: heap.id, offset: got.offset, bytes });
  return view;
}

/** A zeroed Float64Array in the kernel heap (a plain shared one when the heap is off or full). */
export function kernelFloat64(n: number): Float64Array {
  return place(n, 8, (b, o, m) => new Float64Array(b, o, m)) ?? sharedFloat64(n);
}

export function kernelInt32(n: number): Int32Array {
  return place(n, 4, (b, o, m) => new Int32Array(b, o, m)) ?? sharedInt32(n);
}

/** The heap `a` lives in (its number and memory, for a kernel's arguments), or null. */
export function heapOf(...arrays: ArrayBufferView[]): { heap: number; memory: WasmMemory } | null {
  if (!heap) return null;
  for (const a of arrays) if (!buffers.has(a.buffer)) return null;
  return { heap: heap.id, memory: heap.memory };
}

/** Bytes the heap's memory holds (for reports), 0 when there is none. */
export function heapBytes(): number {
  return heap ? heap.memory.buffer.byteLength : 0;
}
