// Explicit dynamics benchmark: element updates per second (elements x time steps / s) of the central-difference
// solver on C3D4 blocks of about 100k (and 1M) elements, next to CalculiX's `*DYNAMIC, EXPLICIT` on the same deck
// in the same run, printed as ratios. A report, never an assertion.
// C3D4 runs once per thread count (`--threads 1,2`: the element forces on the kernel pool), best of `--repeat`
// runs each, the load average printed with them (the machine may be shared).
// Run: `pnpm bench:explicit` (100k), or `pnpm exec tsx bench/explicit.ts --sizes 100k,1M --types C3D4,C3D8 --threads 1,2 --repeat 3 --steps 200 --ccx-steps 20 --ccx-timeout 300`.
import { loadavg } from "node:os";
import { writeAbaqusDeck } from "../src/decks/abaqus.js";
import { explicitDeck } from "../src/decks/procedures-explicit.js";
import { solveExplicit } from "../src/fem/explicit/solve-explicit.js";
import { internalForce } from "../src/fem/explicit/internal-force.js";
import { tet4Forces } from "../src/fem/explicit/tet4-forces.js";
import type { ElementOperators } from "../src/fem/explicit/operators.js";
import { elementOperators, stableStep } from "../src/fem/explicit/operators.js";
import { boxTetMesh } from "../tests/support/box-mesh.js";
import { blockMesh } from "../src/mesh/block.js";
import { explicitProblem, fixedAt, forceOn, nodesWhere } from "../tests/support/explicit-cases.js";
import { findCcx, runCcx } from "../tests/support/ccx.js";

// Cells per axis (5 mm cubes): C3D4 splits each in 6 tetrahedra, C3D8 is one hexahedron a cell.
const SIZES: Record<string, Record<"C3D4" | "C3D8", [number, number, number]>> = {
  "10k": { C3D4: [14, 11, 11], C3D8: [28, 19, 19] },
  "100k": { C3D4: [30, 24, 24], C3D8: [60, 41, 41] },
  "1M": { C3D4: [64, 52, 50], C3D8: [128, 89, 88] },
};
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const sizes = arg("sizes", "100k").split(",");
const types = arg("types", "C3D4,C3D8").split(",") as ("C3D4" | "C3D8")[];
const steps = Number(arg("steps", "200"));
const threadCounts = arg("threads", "1,2").split(",").map(Number);
const repeat = Number(arg("repeat", "1"));
const steel = { young: 210000, poisson: 0.3, density: 7.85e-9 };

/**
 * The element forces alone on one thread, alternating: the time loop's packed C3D4 kernel (tet4-kernel.ts,
 * bulk viscosity included) against the unpacked unrolled one (internal-force.ts: twelve gradients and five
 * coefficient arrays per element, four nodes' forces, run here without bulk viscosity, so it does less than
 * the time loop's kernel did before the packing): a lower bound on the kernel's own gain, in this run. Best
 * of 12 alternating rounds of 8 calls each, timed in CPU seconds (a loaded machine's share of the core
 * changes by the second), on a smooth displacement field.
 */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const c = process.cpuUsage(since);
  return (c.user + c.system) / 1e6;
};

function kernelRow(ops: ElementOperators, elements: Int32Array, ndof: number): void {
  const u = new Float64Array(ndof), v = new Float64Array(ndof), before = new Float64Array(ndof), f = new Float64Array(ndof);
  for (let i = 0; i < ndof; i++) {
    u[i] = 1e-3 * Math.sin(0.37 * i);
    v[i] = 10 * Math.cos(0.91 * i);
  }
  const dt = 1e-7;
  for (let i = 0; i < ndof; i++) before[i] = u[i] - dt * v[i];
  const packed = tet4Forces(ops, elements, ndof / 3, null);
  packed.start(before);
  const reps = 8;
  let unpacked = 0, ours = 0;
  for (let round = 0; round < 12; round++) {
    let t = process.cpuUsage();
    for (let r = 0; r < reps; r++) internalForce(ops, elements, u, v, f, false);
    unpacked = Math.max(unpacked, (ops.ne * reps) / cpuSeconds(t));
    t = process.cpuUsage();
    for (let r = 0; r < reps; r++) packed.forces(u, f, 1 / dt, false);
    ours = Math.max(ours, (ops.ne * reps) / cpuSeconds(t));
  }
  console.log(`  element forces alone, 1 thread, CPU time: packed C3D4 kernel ${(ours / 1e6).toFixed(1)} M/s (bulk viscosity included), unpacked ${(unpacked / 1e6).toFixed(1)} M/s (without): ${(ours / unpacked).toFixed(2)}x`);
}

for (const size of sizes) for (const type of types) {
  const cells = SIZES[size]?.[type];
  if (!cells) throw new Error(`--sizes ${size} --types ${type}: sizes are ${Object.keys(SIZES).join(", ")}, types C3D4, C3D8`);
  const box: [number, number, number] = [cells[0] * 5, cells[1] * 5, cells[2] * 5];
  const mesh = type === "C3D4" ? boxTetMesh({ size: box, cells, order: 1 }) : blockMesh({ body: "F1", min: [0, 0, 0], max: box, counts: cells, type: "C3D8" });
  const ne = mesh.elements.length / (type === "C3D4" ? 4 : 8);
  const root = nodesWhere(mesh, (x) => x < 1e-9);
  const tip = nodesWhere(mesh, (x) => x > cells[0] * 5 - 1e-9);
  const base = explicitProblem(mesh, steel, { loads: [forceOn(mesh, tip, [0, 0, -1000])], prescribed: [fixedAt(root)] });
  const ops = elementOperators(mesh, base.elementMaterial, base.materials, base.bulkViscosity);
  if (!ops.ok) throw new Error(ops.error);
  const dt = 0.9 * stableStep(ops.ops, 0.06).dt;
  const duration = steps * dt;
  // The generic kernels (C3D8) run on one thread whatever the option.
  let oursRate = 0, oneThreadLoop = 0;
  for (const threads of type === "C3D4" ? threadCounts : [1]) {
    let best = { seconds: Infinity, loop: Infinity, steps: 0, threads: 1 };
    let bestCpu = Infinity;
    const load = loadavg()[0];
    for (let r = 0; r < repeat; r++) {
      const t0 = performance.now();
      const ours = await solveExplicit({ ...base, duration, frames: 4, timeStep: { safety: 0.9, fixed: dt } }, { maxElementSteps: 1e12, maxFrames: 100, maxMemoryBytes: 32 * 1024 ** 3, threads });
      const seconds = (performance.now() - t0) / 1000;
      if (!ours.ok) throw new Error(ours.error);
      bestCpu = Math.min(bestCpu, ours.solution.loopCpuSeconds ?? Infinity);
      if (ours.solution.loopSeconds < best.loop) best = { seconds, loop: ours.solution.loopSeconds, steps: ours.solution.steps, threads: ours.solution.threads ?? 1 };
    }
    const rate = (ne * best.steps) / best.seconds;
    const loopRate = (ne * best.steps) / best.loop;
    if (threads === threadCounts[0] || type !== "C3D4") [oursRate, oneThreadLoop] = [rate, loopRate];
    const speedup = oneThreadLoop > 0 && best.threads > 1 ? ` (${(loopRate / oneThreadLoop).toFixed(2)}x ${threadCounts[0]} thread)` : "";
    console.log(
      `${size}: ${ne} ${type}, ${best.threads} thread${best.threads > 1 ? "s" : ""}, ${best.steps} steps of ${dt.toExponential(3)} s in ${best.seconds.toFixed(2)} s: ${(rate / 1e6).toFixed(1)} M element-steps/s with set-up, ${(loopRate / 1e6).toFixed(1)} M in the time loop${speedup}, ${((ne * best.steps) / bestCpu / 1e6).toFixed(1)} M per CPU second of the loop (all threads); load average ${load.toFixed(1)}${repeat > 1 ? `, best of ${repeat}` : ""}`,
    );
  }
  if (type === "C3D4") kernelRow(ops.ops, mesh.elements, mesh.nodes.length);
  // ccx's explicit increments are slow: it runs fewer of them, and the rates compare per element-step.
  const ccxSteps = Math.min(steps, Number(arg("ccx-steps", "20")));
  if (ccxSteps <= 0) continue;
  if (!findCcx()) {
    console.log("  ccx not installed: no comparison");
    continue;
  }
  const deck = writeAbaqusDeck(
    {
      heading: `explicit bench ${size}`,
      units: "mm-t-s-N-MPa",
      mesh,
      nsets: [{ name: "root", nodes: root }, { name: "tip", nodes: tip }],
      elsets: [],
      materials: [{ name: "Steel", ...steel }],
      sections: [{ elset: mesh.bodies[0], material: "Steel" }],
      steps: [
        {
          name: "Run",
          procedure: explicitDeck({ duration: ccxSteps * dt, frames: 1, time_step: { fixed: dt } }),
          boundaries: [{ nset: "root", components: [1, 2, 3], value: 0 }],
          cloads: Array.from(tip, (n) => ({ node: n, component: 3, value: -1000 / tip.length })),
          pressures: [],
        },
      ],
    },
    { print: false, resultFile: false },
  );
  try {
    // ccx gets a generous budget: a hundred times our time, at least a minute.
    const run = await runCcx(deck, { timeoutMs: Number(arg("ccx-timeout", "300")) * 1000 });
    // ccx takes the given increment (DIRECT); its wall time includes reading and setting up, like ours.
    const theirRate = (ne * ccxSteps) / run.seconds;
    console.log(`  ccx *DYNAMIC, EXPLICIT, ${ccxSteps} increments: ${run.seconds.toFixed(2)} s: ${(theirRate / 1e6).toFixed(2)} M element-steps/s; ours / ccx = ${(oursRate / theirRate).toFixed(2)}x`);
  } catch (error) {
    console.log(`  ccx did not run the deck: ${(error as Error).message.split("\n").slice(0, 3).join(" ")}`);
  }
}
