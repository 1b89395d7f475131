// Does reading the matrix from SharedArrayBuffer-backed arrays cost the block product anything? One kind of
// array per process (so the JIT sees one kind): `pnpm exec tsx bench/shared-vs-plain.ts [dofs] [shared|plain]`.
import { addBlockRows3 } from "../src/fem/sparse/block-csr.js";
import { assembledBlock } from "./block-case.js";

const dofs = Number(process.argv[2] ?? 200_000);
const kind = process.argv[3] === "plain" ? "plain" : process.argv[3] === "mixed" ? "mixed" : "shared";
const { K } = assembledBlock(1, dofs);
const n = 3 * K.n;
const A = kind === "plain" ? { rowPtr: Int32Array.from(K.rowPtr), col: Int32Array.from(K.col), val: Float64Array.from(K.val) } : K;
const x = kind === "plain" || process.argv[4] === "plain-vectors" ? new Float64Array(n) : new Float64Array(new SharedArrayBuffer(8 * n));
const y = kind === "plain" || process.argv[4] === "plain-vectors" ? new Float64Array(n) : new Float64Array(new SharedArrayBuffer(8 * n));
for (let i = 0; i < n; i++) x[i] = Math.sin(i);
if (kind === "mixed") {
  // The kernel first meets ordinary vectors too (as when some caller passes its own arrays), then the shared ones.
  const xp = new Float64Array(n), yp = new Float64Array(n);
  for (let r = 0; r < 5; r++) addBlockRows3(A.rowPtr, A.col, A.val, xp, yp, 0, K.n);
}
let best = Infinity;
for (let r = 0; r < 30; r++) {
  const t = performance.now();
  y.fill(0);
  addBlockRows3(A.rowPtr, A.col, A.val, x, y, 0, K.n);
  best = Math.min(best, performance.now() - t);
}
console.log(`${kind}: ${K.col.length} blocks, best of 30 ${best.toFixed(2)} ms`);
