// Per-kernel thread speed-up: the same matrices and vectors, each kernel timed on 1 and on 2 threads
// (best of a few repetitions), plus where a one-thread solve spends its time. A report, not a test.
// Run: `pnpm exec tsx bench/profile-kernels.ts [dofs] [C3D4|C3D10]` (FIELDCRAFT_KERNELS=ts for the TypeScript kernels).
import { loadavg } from "node:os";
import { assembleStiffness } from "../src/fem/assembly.js";
import { applyPrescribed } from "../src/fem/constraints.js";
import { patternWithinMemory } from "../src/fem/linear-solve.js";
import { parallelGalerkinProduct } from "../src/fem/parallel/galerkin.js";
import { blockLevelOperator, csrLevelOperator, transferOperator } from "../src/fem/parallel/operators.js";
import { closeKernelPool, kernelPool, type KernelPool } from "../src/fem/parallel/pool.js";
import { sharedFloat64 } from "../src/fem/parallel/shared.js";
import { rigidBodyNullspace } from "../src/fem/solve-static.js";
import { buildAmg } from "../src/fem/solvers/amg/hierarchy.js";
import { pcg } from "../src/fem/solvers/cg.js";
import { lowerIndex } from "../src/fem/sparse/block-csr.js";
import { smoothedProlongator, type Csr } from "../src/fem/sparse/csr.js";
import { poolAssembly } from "../src/fem/parallel/assembly.js";
import { poolProductRunner } from "../src/fem/parallel/prolongator.js";
import { blockStrength } from "../src/fem/solvers/amg/strength.js";
import { tentativeProlongator } from "../src/fem/solvers/amg/tentative.js";
import { aggregateLevel, DEFAULT_AMG } from "../src/fem/solvers/amg/hierarchy.js";
import { triadBandwidth } from "./triad.js";
import { kernelPath } from "../src/fem/parallel/wasm/heap.js";
import { blockCase, blockMesh } from "./block-case.js";

const dofs = Number(process.argv[2] ?? 200_000);
const order = process.argv[3] === "C3D10" ? 2 : 1;
const { mesh } = blockMesh(order, dofs);
const c = blockCase(mesh);
const now = () => performance.now();

const sized = patternWithinMemory(mesh, 3, 1e12);
if (!sized.ok) throw new Error(sized.error);
let t0 = now();
const a = assembleStiffness(mesh, c.problem.elementMaterial, c.problem.materials, sized.pattern);
if (!a.ok) throw new Error(a.error);
const assemblyMs = now() - t0;
const K = a.matrix;
const sys = applyPrescribed(K, c.problem.prescribed, c.problem.forces);

const got = await kernelPool(2);
if (!got.ok) throw new Error(got.error);
const pools: [string, KernelPool | null][] = [["1 thread", null], ["2 threads", got.pool]];

const best = (reps: number, f: () => void) => {
  let b = Infinity;
  for (let r = 0; r < reps; r++) {
    const t = now();
    f();
    b = Math.min(b, now() - t);
  }
  return b;
};

const rows: Record<string, number[]> = {};
const record = (name: string, ms: number) => (rows[name] ??= []).push(ms);
const timesOf: Record<string, { setup: number; cg: number; its: number }> = {};

for (const [label, pool] of pools) {
  t0 = now();
  const amg = await buildAmg(K, rigidBodyNullspace(mesh, sys.fixed), undefined, undefined, pool);
  const setup = now() - t0;
  // The product's own vectors (in the kernel heap when it runs WebAssembly).
  const op0 = blockLevelOperator(K, pool);
  const x = op0.vector(3 * K.n), y = op0.vector(3 * K.n);
  t0 = now();
  const res = await pcg(op0, amg.preconditioner, sys.rhs, x, { tolerance: 1e-8, maxIterations: 1000 });
  timesOf[label] = { setup, cg: now() - t0, its: res.iterations };
  // Assembly into a cleared copy of the pattern, on this many threads (the same bits either way).
  const Kc = { ...K, val: sharedFloat64(K.val.length) };
  record("assembly of the stiffness", best(2, () => {
    Kc.val.fill(0);
    assembleStiffness(mesh, c.problem.elementMaterial, c.problem.materials, Kc, undefined, poolAssembly(pool));
  }));
  // The level-0 smoothed prolongator A T from the same aggregates and tentative prolongator as the setup.
  const { agg, count } = aggregateLevel(blockStrength(K, DEFAULT_AMG.theta), DEFAULT_AMG.aggressiveBelow);
  const nodePtr = Int32Array.from({ length: K.n + 1 }, (_, i) => 3 * i);
  const T = tentativeProlongator(agg, count, nodePtr, rigidBodyNullspace(mesh, sys.fixed));
  const scale = sharedFloat64(3 * K.n).fill(-1e-3);
  const left0 = { kind: "block" as const, A: K, lower: lowerIndex(K) };
  record("smoothed prolongator (I - w D^-1 K) T (level 0)", best(2, () => smoothedProlongator(left0, T.P, scale, poolProductRunner(pool))));
  record("level-0 block product y = K x", best(10, () => op0.apply(x, y)));
  const coarse = amg.levels[1].A.size;
  record("V-cycle (whole preconditioner)", best(5, () => amg.preconditioner.apply(x, y)));
  const P0 = amg.levels[0].P!;
  const tr = transferOperator(P0, pool);
  const xc = sharedFloat64(coarse);
  record("restriction P^T r + prolongation x += P xc", best(10, () => (tr.restrict(x, xc), tr.prolongAdd(xc, y))));
  // The Galerkin product of level 0 rebuilt alone, and the level-1 operator it gives.
  const left = { kind: "block" as const, A: K, lower: lowerIndex(K) };
  record("Galerkin product P^T K P (level 0)", best(2, () => parallelGalerkinProduct(left, P0, pool)));
  const A1: Csr = parallelGalerkinProduct(left, P0, null);
  const op1 = csrLevelOperator(A1, pool);
  const v1 = sharedFloat64(A1.rows), w1 = sharedFloat64(A1.rows);
  record(`level-1 scalar product (${A1.rows} rows, ${A1.ptr[A1.rows]} entries)`, best(10, () => op1.apply(v1, w1)));
}
const triad = await triadBandwidth(2);
await closeKernelPool();
console.log(`memory bandwidth (STREAM triad): ${triad.map((t) => `${t.gbPerSecond.toFixed(1)} GB/s on ${t.threads} thread(s)`).join(", ")}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);

console.log(`${order === 1 ? "C3D4" : "C3D10"}, ${3 * K.n} DOFs, ${K.col.length} upper blocks; ${kernelPath() === "wasm" ? "WebAssembly SIMD" : "TypeScript"} block kernel (FIELDCRAFT_KERNELS); assembly ${assemblyMs.toFixed(0)} ms (one thread)`);
for (const [label, t] of Object.entries(timesOf)) console.log(`${label}: multigrid setup ${t.setup.toFixed(0)} ms, CG ${t.cg.toFixed(0)} ms (${t.its} iterations)`);
console.log("| kernel | 1 thread ms | 2 threads ms | speed-up |\n|---|---|---|---|");
for (const [name, [one, two]] of Object.entries(rows)) console.log(`| ${name} | ${one.toFixed(1)} | ${two.toFixed(1)} | ${(one / two).toFixed(2)} |`);
