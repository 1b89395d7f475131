// Solver benchmark: mesh, assembly and solve time and peak memory at about 50k, 200k (and 1M) DOFs, next to
// CalculiX (`*STATIC, SOLVER=ITERATIVE CHOLESKY`) on the same mesh in the same run, printed as ratios.
// Run: `pnpm bench` (50k, 200k), or `pnpm exec tsx bench/run.ts --sizes 50k,200k,1M --types C3D4,C3D10`.
// Each of our solves runs in a child process so its peak resident memory is its own.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { writeAbaqusDeck } from "../src/decks/abaqus.js";
import { solveStatic } from "../src/fem/index.js";
import { findCcx, parseDat, runCcx } from "../tests/support/ccx.js";
import { blockCase, blockMesh, SIZES } from "./block-case.js";

interface OurRun {
  dofs: number;
  meshSeconds: number;
  assemblySeconds: number;
  solveSeconds: number;
  iterations: number;
  solver: string;
  peakRssBytes: number;
  tipUz: number;
}

async function child(order: 1 | 2, dofs: number): Promise<void> {
  const { mesh, seconds } = blockMesh(order, dofs);
  const c = blockCase(mesh);
  const r = await solveStatic(c.problem, { tolerance: 1e-8, maxIterations: 2000 });
  if (!r.ok) throw new Error(r.error);
  const s = r.solution.stats;
  const out: OurRun = {
    dofs: s.dofs,
    meshSeconds: seconds,
    assemblySeconds: s.assemblySeconds,
    solveSeconds: s.solveSeconds,
    iterations: s.iterations,
    solver: s.solver,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    tipUz: r.solution.displacement[3 * c.tip + 2],
  };
  process.stdout.write(JSON.stringify(out) + "\n");
}

function runChild(order: 1 | 2, dofs: number): Promise<OurRun> {
  return new Promise((resolve, reject) => {
    const script = fileURLToPath(import.meta.url);
    const p = spawn(process.execPath, [...process.execArgv, script, "--child", String(order), String(dofs)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`solver child exited with ${code}`))));
  });
}

const gib = (b: number) => (b / 1024 ** 3).toFixed(2);

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--child") return child(Number(args[1]) as 1 | 2, Number(args[2]));
  const pick = (flag: string, fallback: string) => {
    const i = args.indexOf(flag);
    return (i >= 0 ? args[i + 1] : fallback).split(",");
  };
  const sizes = pick("--sizes", "50k,200k");
  const types = pick("--types", "C3D4,C3D10");
  for (const s of sizes) if (!(s in SIZES)) throw new Error(`--sizes: unknown size ${s} (choose from ${Object.keys(SIZES).join(", ")})`);
  const ccx = findCcx();
  if (!ccx) console.log("ccx is not installed: printing our numbers without the CalculiX baseline");
  const rows: string[][] = [];
  for (const s of sizes)
    for (const type of types) {
      const order = type === "C3D10" ? 2 : 1;
      const ours = await runChild(order, SIZES[s]);
      let theirs: { seconds: number; rss: number | null; tipUz: number } | null = null;
      if (ccx) {
        const { mesh } = blockMesh(order, SIZES[s]);
        const c = blockCase(mesh);
        const deck = writeAbaqusDeck(c.deck, { solver: "ITERATIVE CHOLESKY", printSet: "Tip", resultFile: false });
        const run = await runCcx(deck, { measureMemory: true, timeoutMs: 3 * 3600_000 });
        const tip = parseDat(run.dat).displacements.get("TIP")!.get(c.tip + 1)!;
        theirs = { seconds: run.seconds, rss: run.peakRssBytes, tipUz: tip[2] };
      }
      const total = ours.assemblySeconds + ours.solveSeconds;
      rows.push([
        type,
        String(ours.dofs),
        ours.meshSeconds.toFixed(1),
        ours.assemblySeconds.toFixed(1),
        ours.solveSeconds.toFixed(1),
        String(ours.iterations),
        gib(ours.peakRssBytes),
        theirs ? theirs.seconds.toFixed(1) : "-",
        theirs?.rss ? gib(theirs.rss) : "-",
        theirs ? (total / theirs.seconds).toFixed(2) : "-",
        theirs?.rss ? (ours.peakRssBytes / theirs.rss).toFixed(2) : "-",
        theirs ? (Math.abs(ours.tipUz - theirs.tipUz) / Math.abs(theirs.tipUz)).toExponential(1) : "-",
      ]);
      console.log(`${type} ${ours.dofs} DOFs: ${ours.solver}`);
    }
  const head = ["element", "DOFs", "mesh s", "assembly s", "solve s", "CG its", "our peak GiB", "ccx s", "ccx peak GiB", "time ours/ccx", "memory ours/ccx", "tip uz rel. diff"];
  console.log(`| ${head.join(" | ")} |\n|${head.map(() => "---").join("|")}|`);
  for (const r of rows) console.log(`| ${r.join(" | ")} |`);
  console.log("time ours = assembly + solve (ccx's wall time includes reading the deck and its own assembly); peak = maximum resident set size");
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
