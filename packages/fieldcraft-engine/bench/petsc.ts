// Our static solve against DOLFINx/PETSc (CG + GAMG) on the same Kuhn-split block, the same clamp and load and
// the same stopping rule (unpreconditioned relative residual 1e-8): ours on 1 and 2 threads, PETSc serial and
// on 2 MPI ranks, wall time of assembly + solve and peak resident memory, as ratios of one run.
// Run: `pnpm bench:petsc` (200k DOFs), or `pnpm exec tsx bench/petsc.ts --sizes 200k,1M --types C3D4,C3D10`;
// `--kernels wasm,ts` runs ours on each block-product kernel (default: FIELDCRAFT_KERNELS's path, WebAssembly when
// unset; wasm falls back to ts where the runtime has no WebAssembly SIMD), a row each, against the same PETSc runs.
// DOLFINx comes from Debian (`apt-get install python3-dolfinx`); without it the PETSc columns say why.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { solveStatic } from "../src/fem/index.js";
import { kernelPool } from "../src/fem/parallel/pool.js";
import { kernelPath } from "../src/fem/parallel/wasm/heap.js";
import type { Mesh } from "../src/mesh/index.js";
import { blockCase, blockMesh, SIZES } from "./block-case.js";
import { triadBandwidth } from "./triad.js";

interface Run {
  dofs: number;
  assemblySeconds: number;
  solveSeconds: number;
  iterations: number;
  peakRssBytes: number;
  uzMin: number;
}

async function child(order: 1 | 2, dofs: number, threads: number): Promise<void> {
  const { mesh } = blockMesh(order, dofs);
  const c = blockCase(mesh);
  // The pool starts once per process (a server keeps it): its start-up is not the solve's.
  if (threads > 1) await kernelPool(threads);
  const r = await solveStatic(c.problem, { tolerance: 1e-8, maxIterations: 2000, threads });
  if (!r.ok) throw new Error(r.error);
  const s = r.solution.stats;
  let uzMin = 0;
  for (let n = 2; n < r.solution.displacement.length; n += 3) uzMin = Math.min(uzMin, r.solution.displacement[n]);
  const out: Run & { solver: string } = {
    dofs: s.dofs,
    assemblySeconds: s.assemblySeconds,
    solveSeconds: s.solveSeconds,
    iterations: s.iterations,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    uzMin,
    solver: s.solver,
  };
  process.stdout.write(JSON.stringify(out) + "\n");
}

function collect(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ["ignore", "pipe", "pipe"], env });
    let out = "", err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("error", reject);
    p.on("close", (code) => {
      const last = out.trim().split("\n").pop() ?? "";
      if (code === 0 && last.startsWith("{")) resolve(JSON.parse(last));
      else reject(new Error(`${cmd} exited with ${code}: ${(err || out).trim().split("\n").slice(-5).join(" | ")}`));
    });
  });
}

const ours = (order: 1 | 2, dofs: number, threads: number, kernels: string) =>
  collect(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), "--child", String(order), String(dofs), String(threads)], { ...process.env, FIELDCRAFT_KERNELS: kernels });

/** The Debian Python that has DOLFINx (pyenv shims shadow it on some machines), or why there is none. */
function dolfinxPython(): { python: string } | { missing: string } {
  for (const python of ["/usr/bin/python3", "python3"]) {
    const r = spawnSync(python, ["-c", "import dolfinx, petsc4py; print(dolfinx.__version__)"], { encoding: "utf8" });
    if (r.status === 0) return { python };
  }
  return { missing: "DOLFINx is not importable (Debian: apt-get install python3-dolfinx)" };
}

/** Corner nodes and tets (renumbered, quadratic nodes left out: DOLFINx builds P2 on the straight-sided tets). */
function writeCornerMesh(mesh: Mesh, dir: string): void {
  const npe = mesh.type === "C3D10" ? 10 : 4;
  const ne = mesh.elements.length / npe;
  const map = new Int32Array(mesh.nodes.length / 3).fill(-1);
  const cells = new BigInt64Array(4 * ne);
  const xs: number[] = [];
  for (let e = 0; e < ne; e++)
    for (let a = 0; a < 4; a++) {
      const n = mesh.elements[e * npe + a];
      if (map[n] < 0) {
        map[n] = xs.length / 3;
        xs.push(mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]);
      }
      cells[4 * e + a] = BigInt(map[n]);
    }
  writeFileSync(join(dir, "nodes.f64"), new Float64Array(xs));
  writeFileSync(join(dir, "cells.i64"), cells);
  writeFileSync(join(dir, "mesh.json"), JSON.stringify({ nodes: xs.length / 3, cells: ne }));
}

async function petsc(python: string, order: 1 | 2, dofs: number, ranks: number): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), "petsc-bench-"));
  try {
    writeCornerMesh(blockMesh(order, dofs).mesh, dir);
    const script = fileURLToPath(new URL("./dolfinx_gamg.py", import.meta.url));
    if (ranks === 1) return await collect(python, [script, dir, String(order)]);
    return await collect("mpirun", ["--allow-run-as-root", "-n", String(ranks), python, script, dir, String(order)]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const gib = (b: number) => (b / 1024 ** 3).toFixed(2);
const total = (r: Run) => r.assemblySeconds + r.solveSeconds;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--child") return child(Number(args[1]) as 1 | 2, Number(args[2]), Number(args[3]));
  const pick = (flag: string, fallback: string) => {
    const i = args.indexOf(flag);
    return (i >= 0 ? args[i + 1] : fallback).split(",");
  };
  const sizes = pick("--sizes", "200k");
  const types = pick("--types", "C3D4,C3D10");
  const kernels = pick("--kernels", kernelPath());
  for (const k of kernels) if (k !== "wasm" && k !== "ts") throw new Error(`--kernels: unknown kernel ${k} (choose from wasm, ts)`);
  for (const s of sizes) if (!(s in SIZES)) throw new Error(`--sizes: unknown size ${s} (choose from ${Object.keys(SIZES).join(", ")})`);
  // The yardstick for the products' time: what the memory bus gives a streaming loop here, now (under this load).
  const triad = await triadBandwidth(2);
  console.log(`memory bandwidth (STREAM triad, 192 MB arrays): ${triad.map((t) => `${t.gbPerSecond.toFixed(1)} GB/s on ${t.threads} thread${t.threads > 1 ? "s" : ""}`).join(", ")}; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const py = dolfinxPython();
  if ("missing" in py) console.log(`PETSc columns skipped: ${py.missing}`);
  const rows: string[][] = [];
  for (const s of sizes)
    for (const type of types) {
      const order = type === "C3D10" ? 2 : 1;
      // Each run is printed as it ends, so a long run cut short still reports what it measured.
      const mine: { kernels: string; one: Run; two: Run }[] = [];
      for (const k of kernels) {
        const one = await ours(order, SIZES[s], 1, k);
        console.log(`${type} ${s} ours (${k}), 1 thread: ${JSON.stringify(one)}`);
        const two = await ours(order, SIZES[s], 2, k);
        console.log(`${type} ${s} ours (${k}), 2 threads: ${JSON.stringify(two)}`);
        mine.push({ kernels: k, one, two });
      }
      const theirs: (Run | string)[] = [];
      for (const ranks of [1, 2]) {
        if ("missing" in py) theirs.push("-");
        else theirs.push(await petsc(py.python, order, SIZES[s], ranks).catch((e: Error) => e.message));
        console.log(`${type} ${s} PETSc, ${ranks} rank${ranks > 1 ? "s" : ""}: ${JSON.stringify(theirs[theirs.length - 1])}`);
      }
      for (const t of theirs) if (typeof t === "string" && t !== "-") console.log(`${type} ${s} PETSc: ${t}`);
      const [p1, p2] = theirs.map((t) => (typeof t === "string" ? null : t));
      const ratio = (a: number, b: number | null | undefined) => (b ? (a / b).toFixed(2) : "-");
      for (const { kernels: k, one, two } of mine) rows.push([
        type,
        k,
        String(one.dofs),
        `${one.assemblySeconds.toFixed(1)} + ${one.solveSeconds.toFixed(1)}`,
        `${two.assemblySeconds.toFixed(1)} + ${two.solveSeconds.toFixed(1)}`,
        (total(one) / total(two)).toFixed(2),
        String(one.iterations),
        p1 ? `${p1.assemblySeconds.toFixed(1)} + ${p1.solveSeconds.toFixed(1)}` : "-",
        p2 ? `${p2.assemblySeconds.toFixed(1)} + ${p2.solveSeconds.toFixed(1)}` : "-",
        p1 ? String(p1.iterations) : "-",
        ratio(total(one), p1 && total(p1)),
        ratio(total(two), p2 && total(p2)),
        `${gib(one.peakRssBytes)} / ${gib(two.peakRssBytes)}`,
        `${p1 ? gib(p1.peakRssBytes) : "-"} / ${p2 ? gib(p2.peakRssBytes) : "-"}`,
        ratio(one.peakRssBytes, p1?.peakRssBytes),
        ratio(two.peakRssBytes, p2?.peakRssBytes),
        p1 ? (Math.abs(one.uzMin - p1.uzMin) / Math.abs(p1.uzMin)).toExponential(1) : "-",
      ]);
    }
  const head = [
    "element", "our kernel", "DOFs", "ours 1t asm + solve s", "ours 2t s", "2t speed-up", "our CG its", "PETSc 1 rank s", "PETSc 2 ranks s", "PETSc CG its",
    "time ours 1t / PETSc 1", "time ours 2t / PETSc 2", "our peak GiB 1t / 2t", "PETSc peak GiB 1 / 2 (sum of ranks)", "memory 1t / PETSc 1", "memory 2t / PETSc 2", "min u_z rel. diff",
  ];
  console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log(`load average at the end ${loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  console.log("time = wall seconds of assembly + solve (PETSc: matrix and vector assembly; KSP setup with GAMG + CG solve); peak = maximum resident set size");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
