// The lid-driven cube at Re = 100 next to DOLFINx (Debian python3-dolfinx, bench/dolfinx_cavity.py), since no
// published 3D table at Re = 100 could be found for this project (tests/fluid-cavity.test.ts says what was
// searched). Two comparisons in one run: DOLFINx on the same corners as ours (the same Taylor-Hood P2-P1
// discretisation and the same convection form, so the two discrete solutions must agree to the solvers'
// tolerances: a check of the implementation), and DOLFINx on a finer mesh (a reference for our discretisation
// error, which shrinks as the engine's mesh is refined). Velocities along the two centrelines of the mid-plane
// y = 1/2 at 21 points each, deviations relative to the lid speed. A report, not an assertion.
// Run: `pnpm exec tsx bench/cavity-dolfinx.ts [--cells 4,6,8] [--reference 12] [--re 100]`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { solveFluid } from "../src/fem/fluid/solve-fluid.js";
import { interpolate, locatePoints } from "../src/fem/locate-point.js";
import type { Mesh } from "../src/mesh/types.js";
import { cavityMesh, cavityProblem } from "../tests/support/cavity.js";
import { cornerMesh } from "./support/dolfinx-mesh.js";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const cellsList = arg("cells", "4,6,8").split(",").map(Number);
const referenceCells = Number(arg("reference", "12"));
const re = Number(arg("re", "100"));
const POINTS = Array.from({ length: 21 }, (_, k) => k / 20);

interface Profiles {
  u: number[];
  w: number[];
  seconds: number;
  dofs: number;
  iterations: number;
}

async function engine(mesh: Mesh): Promise<Profiles> {
  const t0 = performance.now();
  const r = await solveFluid(cavityProblem(mesh, re, { nonlinear: "newton", picardFirst: 3, nonlinearTolerance: 1e-8 }), { maxIterations: 3000 });
  if (!r.ok) throw new Error(`engine: ${r.error}`);
  const s = r.solution;
  const along = (points: number[][], c: number) => locatePoints(mesh, points).map((l) => interpolate(l!, (n) => s.velocity[3 * n + c]));
  return {
    u: along(POINTS.map((z) => [0.5, 0.5, z]), 0),
    w: along(POINTS.map((x) => [x, 0.5, 0.5]), 2),
    seconds: (performance.now() - t0) / 1000,
    dofs: s.stats.dofs,
    iterations: s.stats.nonlinearIterations,
  };
}

/** DOLFINx on the mesh's corners (it places its P2 nodes at the same edge midpoints), or the reason it did not run. */
function dolfinx(mesh: Mesh, dir: string): Profiles | string {
  const { nodes, cells } = cornerMesh(mesh);
  const file = path.join(dir, `cavity-${cells.length}.json`);
  writeFileSync(file, JSON.stringify({ nodes, cells, re, z: POINTS, x: POINTS }));
  const script = fileURLToPath(new URL("./dolfinx_cavity.py", import.meta.url));
  // Debian's python3-dolfinx lives in the system interpreter, not in a pyenv or venv one earlier on the PATH.
  const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
  const r = spawnSync(python, [script, file], { encoding: "utf8", maxBuffer: 1 << 26 });
  if (r.error || r.status !== 0) {
    const lines = (r.error?.message ?? r.stderr).trim().split("\n");
    return `DOLFINx not run: ${lines.find((l) => /Error/.test(l)) ?? lines.at(-2) ?? ""}`;
  }
  const d = JSON.parse(r.stdout.trim().split("\n").pop()!);
  return { u: d.u, w: d.w, seconds: d.seconds, dofs: d.dofs, iterations: d.newton };
}

const worst = (a: number[], b: number[]) => Math.max(...a.map((v, i) => Math.abs(v - b[i])));
const extrema = (p: Profiles) => `u min ${Math.min(...p.u).toFixed(4)}, w max ${Math.max(...p.w).toFixed(4)}, w min ${Math.min(...p.w).toFixed(4)}`;

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-cavity-bench-"));
try {
  const reference = dolfinx(cavityMesh(referenceCells), dir);
  if (typeof reference === "string") console.log(`reference (${referenceCells}^3 cells): ${reference}`);
  else console.log(`reference: DOLFINx on ${referenceCells}^3 cells, ${reference.dofs} unknowns, ${reference.iterations} Newton steps, ${reference.seconds.toFixed(1)} s; ${extrema(reference)}`);
  const rows: string[] = [];
  for (const n of cellsList) {
    const mesh = cavityMesh(n);
    const ours = await engine(mesh);
    const same = dolfinx(mesh, dir);
    console.log(`${n}^3 cells, ${ours.dofs} unknowns: engine ${ours.seconds.toFixed(1)} s (${ours.iterations} nonlinear iterations); ${extrema(ours)}`);
    if (typeof same === "string") console.log(`        ${same}`);
    else console.log(`        DOLFINx on the same mesh ${same.seconds.toFixed(1)} s: largest difference u ${worst(ours.u, same.u).toExponential(2)}, w ${worst(ours.w, same.w).toExponential(2)}`);
    if (typeof reference !== "string") {
      const du = worst(ours.u, reference.u), dw = worst(ours.w, reference.w);
      console.log(`        against the ${referenceCells}^3 reference: largest difference u ${du.toFixed(4)}, w ${dw.toFixed(4)}`);
      rows.push(`${n}: ${du.toFixed(4)} / ${dw.toFixed(4)}`);
    }
  }
  if (rows.length) console.log(`largest deviation from the reference (u / w) by cells per side: ${rows.join(", ")}`);
  if (typeof reference !== "string") {
    console.log("reference profiles (position, u on x = y = 1/2 at z, w on y = z = 1/2 at x):");
    POINTS.forEach((p, i) => console.log(`  ${p.toFixed(2)}  ${reference.u[i].toFixed(5).padStart(9)}  ${reference.w[i].toFixed(5).padStart(9)}`));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
