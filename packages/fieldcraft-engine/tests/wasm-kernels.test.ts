// The WebAssembly SIMD block product against the TypeScript one: the module built from source, the kernel
// heap, the product on one and two threads (within round-off of TypeScript: the lanes sum in another order;
// the same bits every run for a thread count), and whole solves on both kernel paths (FIELDCRAFT_KERNELS)
// with one and two threads: CalculiX agreement, reactions, the patch test.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solveStatic, sumReactions } from "../src/fem/index.js";
import { blockMultiply } from "../src/fem/sparse/block-csr.js";
import { blockLevelOperator, csrLevelOperator } from "../src/fem/parallel/operators.js";
import { addSparse, csrMultiply, type Csr } from "../src/fem/sparse/csr.js";
import { closeKernelPool, kernelPool, type KernelPool } from "../src/fem/parallel/pool.js";
import { sharedFloat64, sharedInt32 } from "../src/fem/parallel/shared.js";
import { heapOf, kernelFloat64, kernelPath } from "../src/fem/parallel/wasm/heap.js";
import { moduleBytes, sleb, uleb } from "../src/fem/parallel/wasm/encode.js";
import { FUNCTIONS, wasm, wasmSupported } from "../src/fem/parallel/wasm/module.js";
import { Regions } from "../src/fem/parallel/wasm/regions.js";
import { boxTetMesh, nodesWhere } from "./support/box-mesh.js";
import { buildCase } from "./support/cases.js";
import { findCcx } from "./support/ccx.js";
import { compareWithCcx } from "./support/ccx-case.js";
import { linearPatch, relDiff, sameBits, stiffness } from "./support/kernel-fixtures.js";

const ccx = findCcx();
if (!ccx) console.warn("[wasm-kernels] CalculiX comparisons skipped: `ccx` is not on PATH (Debian package calculix-ccx)");

let pool: KernelPool;
const saved = { min: process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES, kernels: process.env.FIELDCRAFT_KERNELS };
const restore = (key: string, v: string | undefined) => (v === undefined ? delete process.env[key] : (process.env[key] = v));
beforeAll(async () => {
  process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES = "0"; // every product of these small models through the workers
  process.env.FIELDCRAFT_KERNELS = "wasm"; // the default, set so a caller's FIELDCRAFT_KERNELS=ts cannot turn this file off
  const got = await kernelPool(2);
  if (!got.ok) throw new Error(got.error);
  pool = got.pool;
});
afterAll(async () => {
  restore("FIELDCRAFT_PARALLEL_MIN_ENTRIES", saved.min);
  restore("FIELDCRAFT_KERNELS", saved.kernels);
  await closeKernelPool();
});

/** Runs f with FIELDCRAFT_KERNELS set to `path`. */
async function withKernels<T>(path: "wasm" | "ts", f: () => T | Promise<T>): Promise<T> {
  const before = process.env.FIELDCRAFT_KERNELS;
  process.env.FIELDCRAFT_KERNELS = path;
  try {
    return await f();
  } finally {
    restore("FIELDCRAFT_KERNELS", before);
  }
}


describe("the kernel module and path", () => {
  it("the encoder's integers and the module built from source validate; this Node runs WebAssembly SIMD", () => {
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
    const bytes = moduleBytes(FUNCTIONS);
    expect(Array.from(bytes.subarray(0, 4))).toEqual([0x00, 0x61, 0x73, 0x6d]);
    expect(wasm!.validate(bytes)).toBe(true);
    expect(wasmSupported()).toBe(true);
  });

  it("FIELDCRAFT_KERNELS picks the path (WebAssembly by default, TypeScript on request); a bad value is an error naming the variable", () => {
    expect(kernelPath("")).toBe("wasm"); // unset (kernelPath(undefined) would read the variable this file sets)
    expect(kernelPath("wasm")).toBe("wasm");
    expect(kernelPath("ts")).toBe("ts");
    expect(() => kernelPath("simd")).toThrow(/FIELDCRAFT_KERNELS must be "wasm" or "ts" \(got "simd"\)/);
  });

  it("a solve with a bad FIELDCRAFT_KERNELS returns that error (a value, not a throw)", async () => {
    const m = boxTetMesh({ size: [100, 10, 10], cells: [10, 2, 2], order: 1, jitter: 0.2, seed: 3 });
    const c = buildCase(m, nodesWhere(m, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] });
    const before = process.env.FIELDCRAFT_KERNELS;
    process.env.FIELDCRAFT_KERNELS = "simd";
    try {
      const r = await solveStatic(c.problem, { threads: 1 });
      expect(!r.ok && r.error).toBe('FIELDCRAFT_KERNELS must be "wasm" or "ts" (got "simd")');
    } finally {
      restore("FIELDCRAFT_KERNELS", before);
    }
  });

  it("on the wasm path the matrix lives in the kernel heap, on the ts path in plain shared buffers", async () => {
    const w = await withKernels("wasm", () => stiffness(1));
    const t = await withKernels("ts", () => stiffness(1));
    expect(heapOf(w.rowPtr, w.col, w.val)).not.toBeNull();
    expect(heapOf(t.val)).toBeNull();
    expect(t.val.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(sameBits(w.val, t.val)).toBe(true); // assembly itself does not change
    const v = await withKernels("wasm", () => kernelFloat64(1000));
    expect(heapOf(v)).not.toBeNull();
    expect(v.every((x) => x === 0)).toBe(true);
  });
});

describe("the kernel heap's regions and lifetime", () => {
  it("first fit from the free list, neighbours merged, the top lowered; regions that held values are cleared", () => {
    const R = new Regions();
    const room = (end: number) => end <= 1024;
    const a = R.take(128, room)!, b = R.take(256, room)!, c = R.take(128, room)!;
    expect([a, b, c]).toEqual([{ offset: 0, clear: false }, { offset: 128, clear: false }, { offset: 384, clear: false }]);
    expect(R.take(1024, room)).toBeNull(); // no room past the memory's end
    R.give(128, 256);
    expect(R.take(64, room)).toEqual({ offset: 128, clear: true }); // reused: cleared
    expect(R.free).toEqual([{ offset: 192, bytes: 192 }]);
    R.give(0, 128);
    R.give(128, 64); // merges with both neighbours: one free region 0..384
    expect(R.free).toEqual([{ offset: 0, bytes: 384 }]);
    R.give(384, 128); // the last region: the top comes down to 0
    expect([R.top, R.live, R.free.length]).toEqual([0, 0, 0]);
    expect(R.take(512, room)).toEqual({ offset: 0, clear: true }); // below the old top: written before
    expect(R.take(64, room)).toEqual({ offset: 512, clear: false });
  });

  it("under a real collector a dropped view's region is reused and cleared, and the memory goes with the last view", () => {
    const script = fileURLToPath(new URL("./support/heap-child.ts", import.meta.url));
    const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", script], { encoding: "utf8", timeout: 60_000, env: { ...process.env, FIELDCRAFT_KERNELS: "wasm" } });
    expect(r.status, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout.trim());
    expect(seen).toEqual({ reused: true, cleared: true, inHeap: true, bytesWhileAlive: 65536, bytesAfter: 0 });
  });
});

describe("the block product, WebAssembly SIMD against TypeScript", () => {
  for (const order of [1, 2] as const)
    it(`C3D${order === 1 ? 4 : 10}: within round-off on one and two threads, the same bits every run`, async () => {
      const K = await withKernels("wasm", () => stiffness(order));
      const n = 3 * K.n;
      const one = await withKernels("wasm", () => blockLevelOperator(K, null));
      const two = await withKernels("wasm", () => blockLevelOperator(K, pool));
      expect([one.kernel, one.threads, two.kernel, two.threads]).toEqual(["wasm", 1, "wasm", 2]);
      const x = one.vector(n);
      for (let i = 0; i < n; i++) x[i] = Math.sin(0.7 * i) + 0.1;
      const xPlain = sharedFloat64(n);
      xPlain.set(x);
      const ts = sharedFloat64(n);
      blockMultiply(K, xPlain, ts);
      const w1 = one.vector(n), w1again = one.vector(n), w2 = two.vector(n), w2again = two.vector(n);
      one.apply(x, w1);
      one.apply(x, w1again);
      two.apply(x, w2);
      two.apply(x, w2again);
      expect(sameBits(w1, w1again)).toBe(true);
      expect(sameBits(w2, w2again)).toBe(true);
      expect(relDiff(ts, w1)).toBeLessThan(1e-14);
      expect(relDiff(ts, w1)).toBeGreaterThan(0); // another summation order: really the other kernel
      expect(relDiff(ts, w2)).toBeLessThan(1e-14);
      // A vector outside the heap takes the TypeScript kernel: the same bits as blockMultiply.
      const y = sharedFloat64(n);
      one.apply(xPlain, y);
      expect(sameBits(y, ts)).toBe(true);
    });

  it("FIELDCRAFT_KERNELS=ts gives operators on the TypeScript kernel with today's bits", async () => {
    const K = await withKernels("ts", () => stiffness(2));
    const op = await withKernels("ts", () => blockLevelOperator(K, null));
    expect(op.kernel).toBe("ts");
    const n = 3 * K.n;
    const x = op.vector(n);
    for (let i = 0; i < n; i++) x[i] = Math.cos(i);
    const a = sharedFloat64(n), b = sharedFloat64(n);
    op.apply(x, a);
    blockMultiply(K, x, b);
    expect(sameBits(a, b)).toBe(true);
  });
});

describe("the coarse levels' scalar product, WebAssembly SIMD against TypeScript", () => {
  it("rows of even and odd lengths (and empty ones) within round-off, the same bits on one and two threads and every run", async () => {
    // Rows of 0 to 40 entries, in the kernel heap as addSparse (the Galerkin sum) makes a coarse level.
    const n = 3000;
    const ptr = sharedInt32(n + 1);
    for (let i = 0; i < n; i++) ptr[i + 1] = ptr[i] + ((i * 7) % 41);
    const idx = sharedInt32(ptr[n]), val = sharedFloat64(ptr[n]);
    for (let i = 0; i < n; i++)
      for (let k = ptr[i]; k < ptr[i + 1]; k++) {
        idx[k] = (i * 13 + (k - ptr[i]) * 71) % n;
        val[k] = Math.sin(k) + 0.01;
      }
    const plain: Csr = { rows: n, cols: n, ptr, idx, val };
    const A = await withKernels("wasm", () => addSparse([plain]));
    expect(heapOf(A.ptr, A.idx, A.val)).not.toBeNull();
    const one = await withKernels("wasm", () => csrLevelOperator(A, null));
    const two = await withKernels("wasm", () => csrLevelOperator(A, pool));
    expect([one.kernel, two.kernel, two.threads]).toEqual(["wasm", "wasm", 2]);
    const x = one.vector(n);
    for (let i = 0; i < n; i++) x[i] = Math.cos(0.3 * i);
    const ts = sharedFloat64(n);
    csrMultiply(plain, x, ts);
    const y1 = one.vector(n), y2 = two.vector(n), y2again = two.vector(n);
    one.apply(x, y1);
    two.apply(x, y2);
    two.apply(x, y2again);
    expect(relDiff(ts, y1)).toBeLessThan(1e-14);
    expect(relDiff(ts, y1)).toBeGreaterThan(0);
    expect(sameBits(y1, y2)).toBe(true); // full rows: no thread's sum depends on another's
    expect(sameBits(y2, y2again)).toBe(true);
    for (let i = 0; i < n; i++) if (ptr[i] === ptr[i + 1]) expect(y1[i]).toBe(0);
  });
});

describe("whole solves on both kernel paths, one and two threads", () => {
  const mesh = boxTetMesh({ size: [100, 10, 10], cells: [40, 4, 4], order: 1, jitter: 0.2, seed: 3 });
  const root = nodesWhere(mesh, 0, 0);

  it("wasm and ts: the same iterations, displacements within 1e-10, reactions balance the load, the solver says its kernel", async () => {
    const c = buildCase(mesh, root, { kind: "force", faceTags: [1], force: [0, 0, -1000] });
    const runs: Record<string, Float64Array> = {};
    let iterations: number | null = null;
    for (const path of ["wasm", "ts"] as const)
      for (const threads of [1, 2]) {
        const r = await withKernels(path, () => solveStatic(c.problem, { threads }));
        if (!r.ok) throw new Error(r.error);
        const said = r.solution.stats.solver;
        expect(said).toMatch(threads === 1 ? /, 1 thread$/ : /, 2 threads$/);
        expect(said.includes("WebAssembly SIMD")).toBe(path === "wasm");
        iterations ??= r.solution.stats.iterations;
        expect(r.solution.stats.iterations).toBe(iterations);
        expect(sumReactions(r.solution.reaction, root)[2]).toBeCloseTo(1000, 6);
        runs[`${path}/${threads}`] = r.solution.displacement;
      }
    for (const key of ["wasm/2", "ts/1", "ts/2"]) expect(relDiff(runs["wasm/1"], runs[key])).toBeLessThan(1e-10);
    const again = await withKernels("wasm", () => solveStatic(c.problem, { threads: 2 }));
    if (!again.ok) throw new Error(again.error);
    expect(sameBits(again.solution.displacement, runs["wasm/2"])).toBe(true);
  });

  for (const path of ["wasm", "ts"] as const)
    it.skipIf(!ccx)(`${path}: C3D4 and C3D10 agree with CalculiX (SPOOLES) to 1e-6 on one and two threads`, async () => {
      for (const order of [1, 2] as const)
        for (const threads of [1, 2]) {
          const m = boxTetMesh({ size: [100, 10, 10], cells: order === 1 ? [40, 4, 4] : [20, 2, 2], order, jitter: 0.2, seed: 3 });
          const r = await withKernels(path, () => compareWithCcx(buildCase(m, nodesWhere(m, 0, 0), { kind: "force", faceTags: [1], force: [0, 0, -1000] }), { threads }));
          expect(r.max).toBeGreaterThan(0.5);
          expect(r.relative).toBeLessThan(1e-6);
          expect(r.ourTotal[2]).toBeCloseTo(r.ccxTotal[2], 3);
        }
    });

  for (const path of ["wasm", "ts"] as const)
    it(`${path}: the patch test holds on one and two threads (C3D10: a linear field reproduced to 1e-9)`, async () => {
      const { m, nn, field, prescribed } = linearPatch();
      for (const threads of [1, 2]) {
        const s = await withKernels(path, () =>
          solveStatic({ mesh: m, elementMaterial: new Int32Array(m.elements.length / 10), materials: [{ young: 210000, poisson: 0.3 }], prescribed, forces: new Float64Array(3 * nn) }, { tolerance: 1e-13, threads }),
        );
        if (!s.ok) throw new Error(s.error);
        expect(s.solution.stats.solver.includes("WebAssembly SIMD")).toBe(path === "wasm");
        let du = 0;
        for (let n = 0; n < nn; n++) {
          const u = field(m.nodes[3 * n], m.nodes[3 * n + 1], m.nodes[3 * n + 2]);
          for (let c = 0; c < 3; c++) du = Math.max(du, Math.abs(s.solution.displacement[3 * n + c] - u[c]));
        }
        expect(du / 0.02).toBeLessThan(1e-9);
      }
    });
});
