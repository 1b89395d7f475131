// The coarse levels' scalar product rows with the WebAssembly SIMD kernel (wasm/csr-rows.ts), for a matrix
// and vectors in the kernel heap: full rows, so each thread writes only its own rows, as csrProductRows.
import { kernelExports } from "../wasm/module.js";
import type { WasmArgs } from "./block-product-wasm.js";
import type { CsrProductArgs } from "./csr-product.js";

export function csrProductRowsWasm(a: CsrProductArgs & WasmArgs, lo: number, hi: number): void {
  kernelExports(a.heap, a.memory).csrRows(a.ptr.byteOffset, a.idx.byteOffset, a.val.byteOffset, a.x.byteOffset, a.y.byteOffset, lo, hi);
}
