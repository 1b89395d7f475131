// The kernel heap: one shared WebAssembly.Memory (its buffer a SharedArrayBuffer) holding the arrays the
// WebAssembly kernels read and write (the block matrix, the solver's work vectors), handed out as ordinary
// typed-array views, so TypeScript code and the pool's workers use them as before while a kernel gets their
// byte offsets. A module can address only its own memory: an array outside the heap takes the TypeScript
// kernel (correct, just not SIMD). FIELDCRAFT_KERNELS=ts keeps every array out (plain SharedArrayBuffers).
//
// Lifetime: a view's region is freed when the view is garbage (a FinalizationRegistry), and the memory
// itself, which WebAssembly cannot shrink, is dropped once nothing in it is alive, so a finished solve gives
// its pages back. Contract: a region lives as long as the view handed out, so never keep a subarray of
// one after the view itself is gone (the solver does not).
import { isMainThread } from "node:worker_threads";
import { sharedFloat64, sharedInt32 } from "../shared.js";
import { forgetInstance, wasm, wasmSupported, type WasmMemory } from "./module.js";

const PAGE = 65536;
const MAX_PAGES = 65536;
/** Regions start on cache lines (and so on 16 bytes, which the SIMD loads like). */
const ALIGN = 64;

export type KernelPath = "wasm" | "ts";

/** The kernels asked for: FIELDCRAFT_KERNELS ("wasm", the default where the runtime runs it, or "ts"). */
export function kernelPath(env: string | undefined = process.env.FIELDCRAFT_KERNELS): KernelPath {
  if (env === "ts") return "ts";
  if (env !== undefined && env !== "" && env !== "wasm") throw new Error(`FIELDCRAFT_KERNELS must be "wasm" or "ts" (got "${env}")`);
  return wasmSupported() ? "wasm" : "ts";
}

interface Region {
  heap: number;
  offset: number;
  bytes: number;
}

class Heap {
  readonly memory: WasmMemory;
  /** Bytes handed out from the end (above it free memory). */
  top = 0;
  /** Bytes below this were written once: a region from the end below it is cleared too. */
  dirtyTop = 0;
  live = 0;
  /** Free regions below top, sorted by offset, neighbours merged. */
  free: { offset: number; bytes: number }[] = [];
  constructor(readonly id: number) {
    this.memory = new wasm!.Memory({ initial: 1, maximum: MAX_PAGES, shared: true });
  }

  /** A region of `bytes` (a multiple of ALIGN) and whether it must be cleared, or null when 4 GiB are full. */
  take(bytes: number): { offset: number; reused: boolean } | null {
    const i = this.free.findIndex((f) => f.bytes >= bytes);
    if (i >= 0) {
      const f = this.free[i];
      const offset = f.offset;
      if (f.bytes === bytes) this.free.splice(i, 1);
      else {
        f.offset += bytes;
        f.bytes -= bytes;
      }
      this.live++;
      return { offset, reused: true };
    }
    const end = this.top + bytes;
    if (end > MAX_PAGES * PAGE) return null;
    const have = this.memory.buffer.byteLength;
    if (end > have) {
      try {
        // Grow by at least an eighth: fewer grows, and a shared memory grows in place.
        this.memory.grow(Math.max(Math.ceil((end - have) / PAGE), Math.min(MAX_PAGES - have / PAGE, Math.ceil(have / PAGE / 8))));
      } catch {
        return null;
      }
    }
    const offset = this.top;
    this.top = end;
    this.live++;
    return { offset, reused: false };
  }

  give(offset: number, bytes: number): void {
    this.live--;
    let i = 0;
    while (i < this.free.length && this.free[i].offset < offset) i++;
    this.free.splice(i, 0, { offset, bytes });
    // Merge with the next, then the previous; a free region ending at top lowers top.
    if (i + 1 < this.free.length && offset + bytes === this.free[i + 1].offset) {
      this.free[i].bytes += this.free[i + 1].bytes;
      this.free.splice(i + 1, 1);
    }
    if (i > 0 && this.free[i - 1].offset + this.free[i - 1].bytes === offset) {
      this.free[i - 1].bytes += this.free[i].bytes;
      this.free.splice(i, 1);
      i--;
    }
    const last = this.free[this.free.length - 1];
    if (last && last.offset + last.bytes === this.top) {
      // Pages above top may hold old values now: regions taken from there are cleared like reused ones.
      this.dirtyTop = Math.max(this.dirtyTop, this.top);
      this.top = last.offset;
      this.free.pop();
    }
  }
}

let heap: Heap | null = null;
let heaps = 0;
/** Buffers of the current heap's memory (a grown memory answers with a new SharedArrayBuffer object). */
let buffers = new WeakSet<ArrayBufferLike>();
const finalizer = new FinalizationRegistry<Region>((r) => {
  if (!heap || heap.id !== r.heap) return;
  heap.give(r.offset, r.bytes);
  if (heap.live === 0) {
    heap = null; // the memory goes with its last view (and this thread's instance over it)
    buffers = new WeakSet();
    forgetInstance(r.heap);
  }
});

function place<T extends Float64Array | Int32Array>(n: number, width: number, make: (buffer: SharedArrayBuffer, offset: number, n: number) => T): T | null {
  // The heap is the main thread's: a worker's views would be freed by its own collector while the caller
  // still used them, so arrays made in a worker (a Galerkin slice) are plain shared ones.
  if (!isMainThread || kernelPath() !== "wasm") return null;
  const bytes = Math.max(ALIGN, Math.ceil((width * n) / ALIGN) * ALIGN);
  heap ??= new Heap(++heaps);
  const got = heap.take(bytes);
  if (!got) return null;
  const buffer = heap.memory.buffer;
  buffers.add(buffer);
  const view = make(buffer, got.offset, n);
  if (got.reused || got.offset < heap.dirtyTop) view.fill(0);
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
