// The lid-driven cube at Re = 1000 against the published table of Albensoeder & Kuhlmann (2005, Tables 5 and 6;
// tests/support/cavity-reference.ts): Newton with continuation in the Reynolds number (100, 250, 500, 1000, each
// solve starting from the one before) on a Kuhn mesh graded towards the walls, then the centreline velocities at
// the table's points and the largest deviation, relative to the lid speed. A report, not an assertion. Re = 100,
// for which no published 3D table was found, is compared with DOLFINx in bench/cavity-dolfinx.ts.
// Run: `pnpm exec tsx bench/cavity.ts [--cells 12] [--grading 0.5] [--re 100,250,500,1000]`.
import { solveFluid, type FluidSolution } from "../src/fem/fluid/solve-fluid.js";
import { interpolate, locatePoints } from "../src/fem/locate-point.js";
import { cavityMesh, cavityProblem } from "../tests/support/cavity.js";
import { AK_HORIZONTAL, AK_VERTICAL } from "../tests/support/cavity-reference.js";

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const cells = Number(arg("cells", "12"));
const grading = Number(arg("grading", "0.5"));
const steps = arg("re", "100,250,500,1000").split(",").map(Number);

const mesh = cavityMesh(cells, grading);
const t0 = performance.now();
const seconds = () => ((performance.now() - t0) / 1000).toFixed(1);
let start: FluidSolution | undefined;
for (const re of steps) {
  const r = await solveFluid(cavityProblem(mesh, re, { nonlinear: "newton", picardFirst: start ? 1 : 3, maxNonlinear: 30, initial: start }), {
    maxIterations: 3000,
    onProgress: (p) => /nonlinear residual/.test(p.message) && console.log(`Re ${re}: ${p.message} at ${seconds()} s`),
  });
  if (!r.ok) {
    console.log(`Re ${re}: ${r.error}`);
    process.exit(1);
  }
  start = r.solution;
  console.log(`Re ${re}: ${r.solution.stats.dofs} unknowns, ${r.solution.stats.nonlinearIterations} nonlinear iterations, ${r.solution.stats.iterations} GMRES iterations, at ${seconds()} s`);
}
const velocity = start!.velocity;
const along = (points: number[][], c: number) => locatePoints(mesh, points).map((l) => interpolate(l!, (n) => velocity[3 * n + c]));
const u = along(AK_VERTICAL.z.map((z) => [0.5, 0.5, z]), 0);
const w = along(AK_HORIZONTAL.x.map((x) => [x, 0.5, 0.5]), 2);
const report = (label: string, at: number[], ours: number[], theirs: number[]) => {
  console.log(`${label}\n  position   engine   Albensoeder & Kuhlmann`);
  let worst = 0;
  at.forEach((p, i) => {
    console.log(`  ${p.toFixed(4)}   ${ours[i].toFixed(4).padStart(7)}   ${theirs[i].toFixed(5).padStart(8)}`);
    worst = Math.max(worst, Math.abs(ours[i] - theirs[i]));
  });
  const min = (v: number[]) => Math.min(...v), max = (v: number[]) => Math.max(...v);
  console.log(`  largest deviation ${worst.toFixed(4)} (of the lid speed); extrema engine ${min(ours).toFixed(4)} / ${max(ours).toFixed(4)}, table ${min(theirs).toFixed(4)} / ${max(theirs).toFixed(4)}`);
};
console.log(`Re ${steps.at(-1)} on ${cells}^3 cells (grading ${grading}):`);
report("u along the vertical centreline x = y = 1/2 (Table 5)", AK_VERTICAL.z, u, AK_VERTICAL.u);
report("w along the horizontal centreline y = z = 1/2 (Table 6)", AK_HORIZONTAL.x, w, AK_HORIZONTAL.w);
