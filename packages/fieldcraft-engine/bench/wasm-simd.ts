// The block product's two kernels on one matrix: the TypeScript loop (block-csr.ts addBlockRows3) against
// the WebAssembly SIMD module the solver runs (src/fem/parallel/wasm), on the same arrays in the kernel heap,
// one thread, alternating 100 times (best and median). A report: `pnpm exec tsx bench/wasm-simd.ts [dofs] [C3D4|C3D10]`.
import { loadavg } from "node:os";
import { addBlockRows3 } from "../src/fem/sparse/block-csr.js";
import { blockProductRowsWasm } from "../src/fem/parallel/kernels/block-product-wasm.js";
import { heapOf, kernelFloat64, kernelPath } from "../src/fem/parallel/wasm/heap.js";
import { assembledBlock } from "./block-case.js";

if (kernelPath() !== "wasm") throw new Error("this runtime has no WebAssembly SIMD (or FIELDCRAFT_KERNELS=ts): nothing to compare");
const dofs = Number(process.argv[2] ?? 200_000);
const order = process.argv[3] === "C3D10" ? 2 : 1;
const { K } = assembledBlock(order, dofs);
const n = 3 * K.n;
const x = kernelFloat64(n), yTs = kernelFloat64(n), yWasm = kernelFloat64(n);
for (let i = 0; i < n; i++) x[i] = Math.sin(i);
const heap = heapOf(K.rowPtr, K.col, K.val, x, yTs, yWasm);
if (!heap) throw new Error("the matrix is not in the kernel heap");

// Alternating, many times: on a shared machine the load then falls on both kernels alike; the best and the
// median of each are reported.
const REPS = 100;
const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
const args = { rowPtr: K.rowPtr, col: K.col, val: K.val, x, y: yWasm, bufs: [], nodeBounds: new Int32Array(1), ...heap };
const tsTimes: number[] = [], wasmTimes: number[] = [];
for (let r = 0; r < REPS; r++) {
  tsTimes.push(time(() => {
    yTs.fill(0);
    addBlockRows3(K.rowPtr, K.col, K.val, x, yTs, 0, K.n);
  }));
  wasmTimes.push(time(() => blockProductRowsWasm(args, 0, K.n, { thread: 0 })));
}
const stats = (t: number[]) => {
  const s = t.slice().sort((p, q) => p - q);
  return { best: s[0], median: s[s.length >> 1] };
};
const ts = stats(tsTimes), wasm = stats(wasmTimes);
let d = 0, m = 0;
for (let i = 0; i < n; i++) {
  d = Math.max(d, Math.abs(yTs[i] - yWasm[i]));
  m = Math.max(m, Math.abs(yTs[i]));
}
const gb = (K.val.byteLength + K.col.byteLength + 16 * n) / 1e9;
console.log(`${order === 1 ? "C3D4" : "C3D10"}, ${n} DOFs, ${K.col.length} upper blocks; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
console.log(`| kernel | best of ${REPS} ms | median ms | GB/s at best (matrix + x + y) |\n|---|---|---|---|`);
console.log(`| TypeScript addBlockRows3 | ${ts.best.toFixed(2)} | ${ts.median.toFixed(2)} | ${(gb / (ts.best / 1000)).toFixed(1)} |`);
console.log(`| WebAssembly SIMD (f64x2) | ${wasm.best.toFixed(2)} | ${wasm.median.toFixed(2)} | ${(gb / (wasm.best / 1000)).toFixed(1)} |`);
console.log(`wasm / TypeScript time: best ${(wasm.best / ts.best).toFixed(2)}, median ${(wasm.median / ts.median).toFixed(2)}; largest difference ${(d / m).toExponential(1)} of the largest entry (the lanes sum in another order)`);
