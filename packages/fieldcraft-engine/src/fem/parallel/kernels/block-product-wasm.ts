// The block product's rows with the WebAssembly SIMD kernel (wasm/block-rows.ts), for arrays in the kernel
// heap: the same split and buffers as blockProductRows, so blockProductReduce finishes either.
import { kernelExports } from "../wasm/module.js";
import type { WasmMemory } from "../wasm/module.js";
import type { BlockProductArgs } from "./block-product.js";

export interface WasmArgs {
  /** The heap's number and memory (a worker instantiates the module over it once per heap). */
  heap: number;
  memory: WasmMemory;
}

/** y (or the thread's buffer) from its first node on = the products of the blocks of rows [lo, hi). */
export function blockProductRowsWasm(a: BlockProductArgs & WasmArgs, lo: number, hi: number, ctx: { thread: number }): void {
  const y = ctx.thread === 0 ? a.y : a.bufs[ctx.thread - 1];
  y.fill(0, 3 * lo);
  kernelExports(a.heap, a.memory).blockRows3(a.rowPtr.byteOffset, a.col.byteOffset, a.val.byteOffset, a.x.byteOffset, y.byteOffset, lo, hi);
}
