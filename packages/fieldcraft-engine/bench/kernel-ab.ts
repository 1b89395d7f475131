// The block-product kernels A/B in one process: the same matrix, the multigrid built once per kernel path
// (FIELDCRAFT_KERNELS=ts and wasm) and thread count, then the level-0 product, the V-cycle and whole CG
// solves timed alternately (best of N), so a shared machine's load falls on both paths alike. A report:
// `pnpm exec tsx bench/kernel-ab.ts [dofs] [C3D4|C3D10] [repetitions]`.
import { loadavg } from "node:os";
import { applyPrescribed } from "../src/fem/constraints.js";
import { blockLevelOperator } from "../src/fem/parallel/operators.js";
import { closeKernelPool, kernelPool, type KernelPool } from "../src/fem/parallel/pool.js";
import { rigidBodyNullspace } from "../src/fem/solve-static.js";
import { buildAmg } from "../src/fem/solvers/amg/hierarchy.js";
import { pcg } from "../src/fem/solvers/cg.js";
import { assembledBlock } from "./block-case.js";

const dofs = Number(process.argv[2] ?? 200_000);
const order = process.argv[3] === "C3D10" ? 2 : 1;
const reps = Number(process.argv[4] ?? 3);
const load = () => loadavg().map((l) => l.toFixed(1)).join(" ");
const { mesh, c, K } = assembledBlock(order, dofs);
const sys = applyPrescribed(K, c.problem.prescribed, c.problem.forces);
const got = await kernelPool(2);
if (!got.ok) throw new Error(got.error);
console.log(`${order === 1 ? "C3D4" : "C3D10"}, ${3 * K.n} DOFs, ${K.col.length} upper blocks; load average at the start ${load()}`);

const time = (f: () => void) => {
  const t = performance.now();
  f();
  return performance.now() - t;
};
type Setup = { label: string; op: ReturnType<typeof blockLevelOperator>; amg: Awaited<ReturnType<typeof buildAmg>>; x: Float64Array; y: Float64Array };
const setups: Setup[] = [];
for (const [threads, pool] of [[1, null], [2, got.pool]] as [number, KernelPool | null][])
  for (const path of ["ts", "wasm"] as const) {
    process.env.FIELDCRAFT_KERNELS = path;
    const op = blockLevelOperator(K, pool);
    const amg = await buildAmg(K, rigidBodyNullspace(mesh, sys.fixed), undefined, undefined, pool);
    const x = op.vector(3 * K.n), y = op.vector(3 * K.n);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin(i);
    setups.push({ label: `${path}, ${threads} thread${threads > 1 ? "s" : ""}`, op, amg, x, y });
  }
delete process.env.FIELDCRAFT_KERNELS;

const best: Record<string, { product: number; vcycle: number; cg: number; its: number }> = {};
for (let r = 0; r < reps; r++)
  for (const s of setups) {
    const b = (best[s.label] ??= { product: Infinity, vcycle: Infinity, cg: Infinity, its: 0 });
    for (let k = 0; k < 5; k++) b.product = Math.min(b.product, time(() => s.op.apply(s.x, s.y)));
    for (let k = 0; k < 2; k++) b.vcycle = Math.min(b.vcycle, time(() => s.amg.preconditioner.apply(s.x, s.y)));
    const t = performance.now();
    const res = await pcg(s.op, s.amg.preconditioner, sys.rhs, s.op.vector(3 * K.n), { tolerance: 1e-8, maxIterations: 1000 });
    b.cg = Math.min(b.cg, performance.now() - t);
    b.its = res.iterations;
  }
await closeKernelPool();
console.log(`best of ${reps} alternating rounds; load average at the end ${load()}`);
console.log("| kernel path, threads | level-0 product ms | V-cycle ms | CG solve ms (iterations) | CG / TypeScript same threads |\n|---|---|---|---|---|");
for (const [label, b] of Object.entries(best)) {
  const ts = best[label.replace("wasm", "ts")];
  console.log(`| ${label} | ${b.product.toFixed(1)} | ${b.vcycle.toFixed(1)} | ${b.cg.toFixed(0)} (${b.its}) | ${(b.cg / ts.cg).toFixed(2)} |`);
}
