// The kernel module: its bytes (encoded from block-rows.ts and csr-rows.ts), compiled once per thread, and instantiated once
// per thread and heap (a heap is one shared WebAssembly.Memory; a worker gets it in a job's arguments and
// keeps the instance until a job names another heap).
import { BLOCK_ROWS3 } from "./block-rows.js";
import { CSR_ROWS } from "./csr-rows.js";
import { moduleBytes } from "./encode.js";

/** The WebAssembly global, typed here (the package's TypeScript libraries leave it out). */
export interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Memory: new (d: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (m: object, imports: object) => { exports: Record<string, unknown> };
  validate(bytes: Uint8Array): boolean;
}
export const wasm = (globalThis as unknown as { WebAssembly?: WasmApi }).WebAssembly;

export interface KernelExports {
  /** y += the 3x3 upper blocks of rows [lo, hi) applied both ways (byte offsets of rowPtr, col, val, x, y). */
  blockRows3(rowPtr: number, col: number, val: number, x: number, y: number, lo: number, hi: number): void;
  /** y[i] = (A x)_i for the CSR rows [lo, hi) (byte offsets of ptr, idx, val, x, y). */
  csrRows(ptr: number, idx: number, val: number, x: number, y: number, lo: number, hi: number): void;
}

/** The module's functions, in export order. */
export const FUNCTIONS = [BLOCK_ROWS3, CSR_ROWS];

let bytes: Uint8Array | null = null;
const moduleOf = (() => {
  let compiled: object | null = null;
  return () => (compiled ??= new wasm!.Module((bytes ??= moduleBytes(FUNCTIONS))));
})();

let supported: boolean | null = null;
/** Whether this runtime runs the module: WebAssembly with SIMD and shared memory (threads). */
export function wasmSupported(): boolean {
  if (supported !== null) return supported;
  try {
    supported = !!wasm && wasm.validate((bytes ??= moduleBytes(FUNCTIONS)));
    if (supported) new wasm!.Instance(moduleOf(), { env: { mem: new wasm!.Memory({ initial: 1, maximum: 65536, shared: true }) } });
  } catch {
    supported = false;
  }
  return supported;
}

let instance: { heap: number; exports: KernelExports } | null = null;

/** This thread's instance over heap number `heap` (its memory), made when the heap changed. */
export function kernelExports(heap: number, memory: WasmMemory): KernelExports {
  if (instance?.heap !== heap) instance = { heap, exports: new wasm!.Instance(moduleOf(), { env: { mem: memory } }).exports as unknown as KernelExports };
  return instance.exports;
}

/** Drops this thread's instance over heap `heap` (its memory is no longer used). */
export function forgetInstance(heap: number): void {
  if (instance?.heap === heap) instance = null;
}
