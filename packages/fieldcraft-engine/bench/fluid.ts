// Fluid benchmark: Stokes flow in a square duct between two outlets (the Poiseuille test's problem) at about 100k
// and 500k unknowns, time and peak memory, next to DOLFINx (Debian python3-dolfinx: Taylor-Hood P2-P1, MUMPS LU)
// on the same mesh in the same run, printed as ratios; the flow rate of both against the series solution.
// Run: `pnpm exec tsx bench/fluid.ts` (100k, 500k) or `--sizes 100k`; `--no-dolfinx` runs the engine alone (DOLFINx's
// direct LU needs about 3.5 GiB and 14 minutes at 134k unknowns on a loaded 2-core machine, far more at 500k). Each of our solves runs in a child
// process so its peak resident memory is its own; DOLFINx is skipped, with a note, where it is not installed.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { solveFluid } from "../src/fem/fluid/solve-fluid.js";
import { facetFlow } from "../src/fem/fluid/post.js";
import { facetsWithTags } from "../src/fem/loads.js";
import { TET_FACE_CORNERS, TET10_FACE_MIDS, type Mesh } from "../src/mesh/types.js";
import { boxTetMesh } from "../tests/support/box-mesh.js";
import { ductFlowRate } from "../tests/support/duct-series.js";
import { cornerMesh } from "./support/dolfinx-mesh.js";

const SIZES: Record<string, number> = { "100k": 100_000, "500k": 500_000 };
const L = 2, H = 1, MU = 1, DP = 1;

/** Cells [n, n, n] on the 2 x 1 x 1 duct giving about `unknowns` (3 per P2 node plus the corners). */
function cellsFor(unknowns: number): number {
  let n = 1;
  while (3 * (2 * n + 1) ** 3 * 0.8 < unknowns) n++;
  return n;
}

function duct(n: number): Mesh {
  return boxTetMesh({ size: [L, H, H], cells: [n, n, n], order: 2, origin: [0, -H / 2, -H / 2] });
}

async function child(n: number) {
  const mesh = duct(n);
  const walls = facetsWithTags(mesh, [2, 3, 4, 5]);
  const velocity = new Map<number, [number, number, number]>();
  for (let k = 0; k < walls.element.length; k++)
    for (const a of [...TET_FACE_CORNERS[walls.side[k]], ...TET10_FACE_MIDS[walls.side[k]]]) velocity.set(mesh.elements[walls.element[k] * 10 + a], [0, 0, 0]);
  const t0 = performance.now();
  const r = await solveFluid(
    {
      mesh,
      elementMaterial: new Int32Array(mesh.elements.length / 10),
      fluids: [{ density: 0, viscosity: MU }],
      velocity,
      inlets: [],
      outlets: [
        { name: "high", facets: facetsWithTags(mesh, [0]), pressure: DP },
        { name: "low", facets: facetsWithTags(mesh, [1]), pressure: 0 },
      ],
      maxNonlinear: 20,
      nonlinearTolerance: 1e-8,
    },
    { maxDofs: 10_000_000, maxMemoryBytes: 16 * 1024 ** 3, maxIterations: 5000 },
  );
  if (!r.ok) throw new Error(r.error);
  const seconds = (performance.now() - t0) / 1000;
  const flow = facetFlow(mesh, facetsWithTags(mesh, [1]), r.solution.velocity, r.solution.pressure).flow;
  process.stdout.write(JSON.stringify({ seconds, dofs: r.solution.stats.dofs, iterations: r.solution.stats.iterations, picard: r.solution.stats.nonlinearIterations, flow, rssBytes: process.resourceUsage().maxRSS * 1024 }) + "\n");
}

function runChild(n: number): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), "--child", String(n)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    p.stdout.on("data", (d: Buffer) => (out += d.toString()));
    p.on("close", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").pop()!)) : reject(new Error(`child exited ${code}`))));
  });
}

/** DOLFINx on the same corners (the P2 nodes it places at the same edge midpoints), or null with the reason. */
function dolfinx(n: number, dir: string): { result: Record<string, number> | null; note?: string } {
  const mesh = duct(n);
  const { nodes, cells } = cornerMesh(mesh);
  const file = path.join(dir, `duct-${n}.json`);
  writeFileSync(file, JSON.stringify({ nodes, cells, L, h: H, mu: MU, dp: DP }));
  const script = fileURLToPath(new URL("./dolfinx_stokes.py", import.meta.url));
  const t0 = performance.now();
  // Debian's python3-dolfinx lives in the system interpreter, not in a pyenv or venv one earlier on the PATH.
  const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const r = spawnSync("/usr/bin/time", ["-f", "%M", python, script, file], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.error || r.status !== 0) {
    const lines = (r.error?.message ?? r.stderr).trim().split("\n");
    return { result: null, note: `DOLFINx not run: ${lines.find((l) => /Error/.test(l)) ?? lines.at(-2) ?? ""}` };
  }
  const parsed = JSON.parse(r.stdout.trim().split("\n").pop()!);
  const kib = Number(r.stderr.trim().split("\n").pop());
  return { result: { ...parsed, wallSeconds: (performance.now() - t0) / 1000, rssBytes: kib * 1024 } };
}

async function main() {
  const at = process.argv.indexOf("--child");
  if (at >= 0) return child(Number(process.argv[at + 1]));
  const sizesArg = process.argv.indexOf("--sizes");
  const sizes = sizesArg >= 0 ? process.argv[sizesArg + 1].split(",") : Object.keys(SIZES);
  const exact = ductFlowRate(H / 2, H / 2, DP / L, MU);
  const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-fluid-bench-"));
  try {
    for (const size of sizes) {
      const n = cellsFor(SIZES[size]);
      const ours = await runChild(n);
      const theirs = process.argv.includes("--no-dolfinx") ? { result: null, note: "DOLFINx not run (--no-dolfinx)" } : dolfinx(n, dir);
      const gib = (b: number) => (b / 1024 ** 3).toFixed(2);
      console.log(
        `${size}: ${n}^3 cells, ${ours.dofs} unknowns: engine ${ours.seconds.toFixed(1)} s (${ours.iterations} GMRES iterations, ${ours.picard} solves), ${gib(ours.rssBytes)} GiB, flow error ${(ours.flow / exact - 1).toExponential(2)}`,
      );
      if (theirs.result) {
        const d = theirs.result;
        console.log(
          `        DOLFINx ${d.seconds.toFixed(1)} s (LU), ${gib(d.rssBytes)} GiB, flow error ${(d.flow / exact - 1).toExponential(2)}; ratio engine/DOLFINx: time ${(ours.seconds / d.seconds).toFixed(2)}, memory ${(ours.rssBytes / d.rssBytes).toFixed(2)}`,
        );
      } else console.log(`        ${theirs.note}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
