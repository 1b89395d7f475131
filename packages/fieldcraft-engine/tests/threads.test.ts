// The kernel pool: one thread against two on the same kernels, the multigrid pieces and whole solves
// (CalculiX agreement, reactions, the patch test) with every product sent through the workers. Two
// threads give other bits than one only where a sum changes order: the symmetric block product (each thread
// sums the lower-triangle contributions of its rows apart, then the sums are added), measured at 1e-16 to
// 1e-15 relative per product and about 4e-12 on a displacement converged to 1e-8 (CG carries them on), and
// the solve's Galerkin product (its slices are 1/threads as long, to hold one thread's memory, so its sum is
// cut differently); with the same slices the Galerkin product, assembly, the smoothed prolongator and the
// row-wise products give the same bits. The same thread count always gives the same bits.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solvePlanar, solveStatic, sumReactions } from "../src/fem/index.js";
import { solveFrequency } from "../src/fem/solve-frequency.js";
import { lowerIndex, type BlockCsr } from "../src/fem/sparse/block-csr.js";
import { galerkinProduct, csrMultiply, smoothedProlongator, type Csr } from "../src/fem/sparse/csr.js";
import { poolAssembly } from "../src/fem/parallel/assembly.js";
import { poolProductRunner } from "../src/fem/parallel/prolongator.js";
import { assembleStiffness } from "../src/fem/assembly.js";
import { blockPatternFromMesh } from "../src/fem/sparse/block-csr.js";
import { blockLevelOperator, csrLevelOperator } from "../src/fem/parallel/operators.js";
import { parallelGalerkinProduct } from "../src/fem/parallel/galerkin.js";
import { CancelledError, withCancelScope } from "../src/fem/cancel-scope.js";
import { closeKernelPool, kernelPool, resolveThreads, type KernelPool } from "../src/fem/parallel/pool.js";
import { sharedFloat32, sharedFloat64, sharedInt32 } from "../src/fem/parallel/shared.js";
import { planarGridMesh } from "../src/mesh/planarGrid.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";
import { buildCase } from "./support/cases.js";
import { existsSync } from "node:fs";
import { SEED_BATCH, STEPS } from "./workflow-fixtures.js";
import { findCcx } from "./support/ccx.js";
import { compareWithCcx } from "./support/ccx-case.js";
import { linearPatch, relDiff, sameBits, stiffness } from "./support/kernel-fixtures.js";

const ccx = findCcx();
if (!ccx) console.warn("[threads] CalculiX comparisons skipped: `ccx` is not on PATH (Debian package calculix-ccx)");

let pool: KernelPool;
const savedMin = process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES;
beforeAll(async () => {
  // Every product of these small models goes through the workers.
  process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES = "0";
  const got = await kernelPool(2);
  if (!got.ok) throw new Error(got.error);
  pool = got.pool;
});
afterAll(async () => {
  if (savedMin === undefined) delete process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES;
  else process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES = savedMin;
  await closeKernelPool();
});


function randomVector(n: number, seed: number): Float64Array {
  const v = sharedFloat64(n);
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    v[i] = seed / 0x7fffffff - 0.5;
  }
  return v;
}

describe("thread count", () => {
  it("follows the option, then FIELDCRAFT_THREADS, then the machine, within the cap", () => {
    expect(resolveThreads(3, 64, "5")).toEqual({ ok: true, threads: 3 });
    expect(resolveThreads(undefined, 64, "5")).toEqual({ ok: true, threads: 5 });
    expect(resolveThreads(undefined, 2, "5")).toEqual({ ok: true, threads: 2 });
    const machine = resolveThreads(undefined, 64, undefined);
    expect(machine.ok && machine.threads).toBeGreaterThanOrEqual(1);
    const bad = resolveThreads(undefined, 64, "two");
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/FIELDCRAFT_THREADS must be a whole number/);
    expect(resolveThreads(0).ok).toBe(false);
  });

  it("the session's maxThreads cap lowers a solve's threads", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [20, 2, 2], order: 1, jitter: 0.2, seed: 3 });
    const c = buildCase(mesh, nodesWhere(mesh, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] });
    const r = await solveStatic(c.problem, { threads: 2, maxThreads: 1 });
    expect(r.ok && r.solution.stats.solver).toMatch(/, 1 thread$/);
    const bad = await solveStatic(c.problem, { threads: 1.5 });
    expect(!bad.ok && bad.error).toMatch(/threads must be a whole number/);
  });
});

describe("the pool runs kernels over row ranges", () => {
  it("a row-wise product over two threads gives the one-thread bits; a failing kernel is an error, and the pool keeps working", () => {
    const K = stiffness(1);
    const n = 3 * K.n;
    // A scalar CSR of random rows.
    const ptr = sharedInt32(n + 1), idx = sharedInt32(20 * n), val = sharedFloat64(20 * n);
    for (let i = 0; i < n; i++) {
      ptr[i + 1] = 20 * (i + 1);
      for (let k = 20 * i; k < 20 * (i + 1); k++) {
        idx[k] = (i * 7 + k * 13) % n;
        val[k] = Math.sin(k);
      }
    }
    const A: Csr = { rows: n, cols: n, ptr, idx, val };
    const x = randomVector(n, 1), y1 = sharedFloat64(n), y2 = sharedFloat64(n);
    csrMultiply(A, x, y1);
    const op = csrLevelOperator(A, pool);
    expect(op.threads).toBe(2);
    op.apply(x, y2);
    expect(sameBits(y1, y2)).toBe(true);
    expect(() => pool.run("csrProductRows", { ptr, idx, val: null, x, y: y2 }, [0, 1, n])).toThrow(/kernel csrProductRows failed: /);
    op.apply(x, y2);
    expect(sameBits(y1, y2)).toBe(true);
  });

  it("map returns the tasks' results in task order", () => {
    const idx = sharedInt32(0), val = sharedFloat32(0);
    const slices = Int32Array.from([0, 3, 6, 9]);
    const parts = pool.map<Csr>("galerkinSlice", { left: { kind: "csr", A: { rows: 9, cols: 4, ptr: sharedInt32(10), idx, val: sharedFloat64(0) } }, P: { rows: 9, cols: 4, ptr: sharedInt32(10), idx, val }, slices }, 3);
    expect(parts.map((p) => p.rows)).toEqual([4, 4, 4]);
  });
});

describe("the symmetric block product over two threads", () => {
  for (const order of [1, 2] as const)
    it(`C3D${order === 1 ? 4 : 10}: within round-off of one thread, the same bits every run`, () => {
      const K = stiffness(order);
      const x = randomVector(3 * K.n, 9);
      const one = sharedFloat64(3 * K.n), two = sharedFloat64(3 * K.n), again = sharedFloat64(3 * K.n);
      blockLevelOperator(K, null).apply(x, one);
      const op = blockLevelOperator(K, pool);
      expect(op.threads).toBe(2);
      op.apply(x, two);
      op.apply(x, again);
      expect(sameBits(two, again)).toBe(true);
      const d = relDiff(one, two);
      expect(d).toBeLessThan(1e-14);
      expect(d).toBeGreaterThan(0); // the sums do change order: the two paths are really different code
    });
});

describe("the Galerkin product over the pool", () => {
  it("gives the one-thread bits (fixed slices, summed in order)", async () => {
    // Two levels' worth: a tentative-like prolongator of the block matrix, in small slices so there are many.
    const K = stiffness(1);
    const rows = 3 * K.n, cols = Math.ceil(rows / 12);
    const ptr = sharedInt32(rows + 1), idx = sharedInt32(2 * rows), val = sharedFloat32(2 * rows);
    for (let r = 0; r < rows; r++) {
      ptr[r + 1] = 2 * (r + 1);
      const c = Math.floor(r / 12);
      idx[2 * r] = c;
      idx[2 * r + 1] = Math.min(cols - 1, c + 1);
      val[2 * r] = 1 / (1 + (r % 5));
      val[2 * r + 1] = 0.25;
    }
    const P = { rows, cols, ptr, idx, val };
    const left = { kind: "block" as const, A: K, lower: lowerIndex(K) };
    const serial = galerkinProduct(left, P, 2000);
    const pooled = parallelGalerkinProduct(left, P, pool, 2000);
    expect(serial.ptr[serial.rows]).toBeGreaterThan(cols);
    expect(sameBits(serial.ptr, pooled.ptr)).toBe(true);
    expect(sameBits(serial.idx, pooled.idx)).toBe(true);
    expect(sameBits(serial.val, pooled.val)).toBe(true);
  });
});

describe("setup on the pool: assembly and the smoothed prolongator", () => {
  for (const order of [1, 2] as const)
    it(`C3D${order === 1 ? 4 : 10} assembly over two row ranges gives the one-thread bits${order === 1 ? "; an inverted element is named as on one thread" : ""}`, () => {
      const mesh = boxTetMesh({ size: [4, 2, 2], cells: [8, 4, 4], order, jitter: 0.25, seed: 5 });
      const ne = mesh.elements.length / (order === 1 ? 4 : 10);
      const mats = new Int32Array(ne);
      const one = blockPatternFromMesh(mesh, 3), two = blockPatternFromMesh(mesh, 3);
      const a = assembleStiffness(mesh, mats, [{ young: 1000, poisson: 0.3 }], one);
      const b = assembleStiffness(mesh, mats, [{ young: 1000, poisson: 0.3 }], two, undefined, poolAssembly(pool));
      expect(a.ok && b.ok).toBe(true);
      expect(one.val.some((v) => v !== 0)).toBe(true);
      expect(sameBits(one.val, two.val)).toBe(true);
      if (order === 2) return;
      // Swap two corners of a late element and of an early one: the earlier is reported, whichever thread met it.
      const npe = 4;
      const bad = { ...mesh, elements: mesh.elements.slice() };
      for (const e of [ne - 3, 17]) [bad.elements[e * npe], bad.elements[e * npe + 1]] = [bad.elements[e * npe + 1], bad.elements[e * npe]];
      const s = assembleStiffness(bad, mats, [{ young: 1000, poisson: 0.3 }], blockPatternFromMesh(bad, 3));
      const p = assembleStiffness(bad, mats, [{ young: 1000, poisson: 0.3 }], blockPatternFromMesh(bad, 3), undefined, poolAssembly(pool));
      expect(!s.ok && s.error).toMatch(/^element 18 is inverted/);
      expect(!p.ok && p.error).toBe(!s.ok && s.error);
    });

  it("a cancelled command stops a pooled assembly on both threads (the stop word), and the pool keeps working", () => {
    const mesh = boxTetMesh({ size: [4, 2, 2], cells: [24, 12, 12], order: 2 });
    const mats = new Int32Array(mesh.elements.length / 10);
    const material = [{ young: 1000, poisson: 0.3 }];
    const full = blockPatternFromMesh(mesh, 3);
    let t0 = performance.now();
    expect(assembleStiffness(mesh, mats, material, full, undefined, poolAssembly(pool)).ok).toBe(true);
    const fullMs = performance.now() - t0;
    // Cancelled before it starts: the caller's share sees it first and raises the stop word; the helper's
    // share (the upper rows) polls it every 1024 elements.
    const controller = new AbortController();
    controller.abort();
    const cut = blockPatternFromMesh(mesh, 3);
    t0 = performance.now();
    expect(() => withCancelScope(controller.signal, () => assembleStiffness(mesh, mats, material, cut, undefined, poolAssembly(pool)))).toThrow(CancelledError);
    const cancelledMs = performance.now() - t0;
    expect(cancelledMs, `cancelled in ${cancelledMs} ms, the whole assembly took ${fullMs} ms`).toBeLessThan(fullMs / 2);
    const upper = (K: BlockCsr) => K.val.subarray(9 * K.rowPtr[K.n >> 1]).filter((v) => v !== 0).length;
    expect(upper(cut)).toBeLessThan(upper(full) / 4);
    const again = blockPatternFromMesh(mesh, 3);
    expect(assembleStiffness(mesh, mats, material, again, undefined, poolAssembly(pool)).ok).toBe(true);
    expect(sameBits(full.val, again.val)).toBe(true);
  });

  it("the smoothed prolongator (count and fill passes over row ranges) gives the one-thread bits, block and scalar left", () => {
    const K = stiffness(2);
    const rows = 3 * K.n, cols = Math.ceil(rows / 12);
    const T = { rows, cols, ptr: sharedInt32(rows + 1), idx: sharedInt32(rows), val: sharedFloat64(rows) };
    for (let r = 0; r < rows; r++) {
      T.ptr[r + 1] = r + 1;
      T.idx[r] = Math.floor(r / 12);
      T.val[r] = 1 / (1 + (r % 7));
    }
    const scale = randomVector(rows, 4);
    const block = { kind: "block" as const, A: K, lower: lowerIndex(K) };
    const runner = poolProductRunner(pool);
    expect(runner).toBeDefined();
    const s1 = smoothedProlongator(block, T, scale), s2 = smoothedProlongator(block, T, scale, runner);
    expect(s1.ptr[rows]).toBeGreaterThan(rows);
    for (const k of ["ptr", "idx", "val"] as const) expect(sameBits(s1[k], s2[k])).toBe(true);
    // A scalar left operand: the Galerkin product's coarse matrix against its own tentative-like prolongator.
    const Ac = galerkinProduct(block, s1);
    const Tc = { rows: Ac.rows, cols: 5, ptr: sharedInt32(Ac.rows + 1), idx: sharedInt32(Ac.rows), val: sharedFloat64(Ac.rows).fill(1) };
    for (let r = 0; r < Ac.rows; r++) {
      Tc.ptr[r + 1] = r + 1;
      Tc.idx[r] = r % 5;
    }
    const c1 = smoothedProlongator({ kind: "csr", A: Ac }, Tc, scale.subarray(0, Ac.rows)), c2 = smoothedProlongator({ kind: "csr", A: Ac }, Tc, scale.subarray(0, Ac.rows), runner);
    for (const k of ["ptr", "idx", "val"] as const) expect(sameBits(c1[k], c2[k])).toBe(true);
  });
});

describe("whole solves with two threads (every product through the workers)", () => {
  const mesh = boxTetMesh({ size: [100, 10, 10], cells: [40, 4, 4], order: 1, jitter: 0.2, seed: 3 });
  const root = nodesWhere(mesh, 0, 0);

  it("one and two threads: the same iterations, displacements within 1e-10, reactions balance the load", async () => {
    const c = buildCase(mesh, root, { kind: "force", faceTags: [1], force: [0, 0, -1000] });
    const one = await solveStatic(c.problem, { threads: 1 });
    const two = await solveStatic(c.problem, { threads: 2 });
    const twoAgain = await solveStatic(c.problem, { threads: 2 });
    if (!one.ok || !two.ok || !twoAgain.ok) throw new Error("solve failed");
    expect(one.solution.stats.solver).toMatch(/AMG.*, 1 thread$/);
    expect(two.solution.stats.solver).toMatch(/AMG.*, 2 threads$/);
    expect(two.solution.stats.iterations).toBe(one.solution.stats.iterations);
    // CG at tolerance 1e-8 carries the products' round-off differences into the answer: measured 4e-12.
    expect(relDiff(one.solution.displacement, two.solution.displacement)).toBeLessThan(1e-10);
    expect(sameBits(two.solution.displacement, twoAgain.solution.displacement)).toBe(true);
    const total = sumReactions(two.solution.reaction, root);
    expect(total[2]).toBeCloseTo(1000, 6);
  });

  it.skipIf(!ccx)("C3D4 and C3D10 agree with CalculiX (SPOOLES) to 1e-6 with two threads", async () => {
    for (const order of [1, 2] as const) {
      const m = boxTetMesh({ size: [100, 10, 10], cells: order === 1 ? [40, 4, 4] : [20, 2, 2], order, jitter: 0.2, seed: 3 });
      const r = await compareWithCcx(buildCase(m, nodesWhere(m, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] }), { threads: 2 });
      expect(r.max).toBeGreaterThan(0.5);
      expect(r.relative).toBeLessThan(1e-6);
      expect(r.ourTotal[2]).toBeCloseTo(r.ccxTotal[2], 3);
    }
  });

  it("the patch test holds with two threads (C3D10: a linear field reproduced to 1e-9)", async () => {
    const { m, nn, field, prescribed } = linearPatch();
    const s = await solveStatic({ mesh: m, elementMaterial: new Int32Array(m.elements.length / 10), materials: [{ young: 210000, poisson: 0.3 }], prescribed, forces: new Float64Array(3 * nn) }, { tolerance: 1e-13, threads: 2 });
    if (!s.ok) throw new Error(s.error);
    expect(s.solution.stats.solver).toMatch(/2 threads$/);
    let du = 0;
    for (let n = 0; n < nn; n++) {
      const u = field(m.nodes[3 * n], m.nodes[3 * n + 1], m.nodes[3 * n + 2]);
      for (let c = 0; c < 3; c++) du = Math.max(du, Math.abs(s.solution.displacement[3 * n + c] - u[c]));
    }
    expect(du / 0.02).toBeLessThan(1e-9);
  });

  it("a planar model (2 unknowns per node: scalar multigrid levels) gives the one-thread answer", async () => {
    const pm = planarGridMesh({ kind: "plane_stress", shape: "triangle", order: 2, cells: [60, 12], map: (s, t) => [100 * s, 20 * t] });
    const nn = pm.nodes.length / 3;
    const prescribed = new Map<number, number>();
    const forces = new Float64Array(3 * nn);
    for (let n = 0; n < nn; n++) {
      if (pm.nodes[3 * n] === 0) for (const c of [0, 1]) prescribed.set(3 * n + c, 0);
      if (pm.nodes[3 * n] === 100) forces[3 * n + 1] = -1;
    }
    const problem = { mesh: pm, elementMaterial: new Int32Array(2 * 60 * 12), materials: [{ young: 210000, poisson: 0.3 }], prescribed, forces, thickness: [2] };
    const one = await solvePlanar(problem, { threads: 1 });
    const two = await solvePlanar(problem, { threads: 2 });
    if (!one.ok || !two.ok) throw new Error(one.ok ? (two as { error: string }).error : one.error);
    expect(two.solution.stats.solver).toMatch(/AMG.*2 threads$/);
    expect(relDiff(one.solution.displacement, two.solution.displacement)).toBeLessThan(1e-10);
  });
});

describe("the frequency solve's multigrid and K products on the pool", () => {
  it("LOBPCG on one and two threads: the same frequencies within round-off (1e-10), two threads said so", async () => {
    const mesh = boxTetMesh({ size: [100, 10, 10], cells: [24, 3, 3], order: 1, jitter: 0.15, seed: 2 });
    const held: number[] = [];
    for (const n of nodesWhere(mesh, 0, 0)) held.push(3 * n, 3 * n + 1, 3 * n + 2);
    const problem = { mesh, elementMaterial: new Int32Array(mesh.elements.length / 4), materials: [{ young: 210000, poisson: 0.3 }], density: [7.85e-9], held };
    const one = await solveFrequency(problem, { modes: 4, method: "lobpcg", tolerance: 1e-8, threads: 1 });
    const two = await solveFrequency(problem, { modes: 4, method: "lobpcg", tolerance: 1e-8, threads: 2 });
    if (!one.ok || !two.ok) throw new Error(one.ok ? (two as { error: string }).error : one.error);
    expect(one.solution.stats.solver).toMatch(/AMG.*1 thread$/);
    expect(two.solution.stats.solver).toMatch(/AMG.*2 threads$/);
    expect(two.solution.modes.length).toBe(4);
    for (let j = 0; j < 4; j++) {
      expect(one.solution.modes[j].frequencyHz).toBeGreaterThan(0);
      expect(Math.abs(two.solution.modes[j].frequencyHz / one.solution.modes[j].frequencyHz - 1)).toBeLessThan(1e-10);
    }
  });
});

describe("processes exit with the pool idle", () => {
  const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
  it.skipIf(!existsSync(dist))("the built engine (dist/) solves a session on two threads with its bundled worker (WebAssembly kernels), and exits", () => {
    const script = fileURLToPath(new URL("./support/dist-threads-child.mjs", import.meta.url));
    const r = spawnSync(process.execPath, [script, new URL("../dist/index.js", import.meta.url).href, JSON.stringify({ steps: STEPS, batch: SEED_BATCH })], {
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, FIELDCRAFT_THREADS: "2", FIELDCRAFT_PARALLEL_MIN_ENTRIES: "0", FIELDCRAFT_KERNELS: "wasm" },
    });
    expect(r.status, r.stderr).toBe(0);
    // The bundled worker runs the WebAssembly kernels too (its module is encoded inside fem-worker.js).
    expect(r.stdout.trim()).toMatch(/^CG with smoothed-aggregation AMG.*, WebAssembly SIMD products, 2 threads$/);
  });

  it("a script that solves on two threads and returns exits by itself, code 0", () => {
    const script = fileURLToPath(new URL("./support/threads-child.ts", import.meta.url));
    const r = spawnSync(process.execPath, ["--import", "tsx", script], { encoding: "utf8", timeout: 60_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^2 threads: -?\d/);
  });
});
