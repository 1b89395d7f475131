// The explicit solver's C3D4 kernel: its packed records (three nodes' gradients, the fourth's force minus the
// others', the bulk-viscosity rate from the volumetric strain one step back) against the generic element loop,
// and the element forces on the kernel pool: two threads against one within round-off (only the sums at nodes
// shared by two threads' elements change order), the same bits on every two-thread run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { internalForce } from "../src/fem/explicit/internal-force.js";
import { elementOperators } from "../src/fem/explicit/operators.js";
import { solveExplicit } from "../src/fem/explicit/solve-explicit.js";
import { tet4Forces } from "../src/fem/explicit/tet4-forces.js";
import type { ExplicitHistory } from "../src/fem/explicit/types.js";
import { closeKernelPool, kernelPool } from "../src/fem/parallel/pool.js";
import { boxTetMesh } from "./support/box-mesh.js";
import { explicitProblem, fixedAt, forceOn, LIMITS, nodesWhere } from "./support/explicit-cases.js";

const steel = { young: 210000, poisson: 0.3, density: 7.85e-9 };
// A jittered block: elements of many shapes, so every gradient and coefficient differs.
const mesh = boxTetMesh({ size: [60, 15, 15], cells: [12, 3, 3], order: 1, jitter: 0.3, seed: 7 });
const ndof = mesh.nodes.length;

function ok<T>(r: { ok: true; solution: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.solution;
}

const maxAbs = (a: ArrayLike<number>) => Array.from(a).reduce((m, x) => Math.max(m, Math.abs(x)), 0);
const maxDiff = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);

describe("the packed C3D4 kernel", () => {
  it("gives the generic element loop's forces, strain energy and bulk viscosity within round-off", () => {
    const base = explicitProblem(mesh, steel, {});
    const built = elementOperators(mesh, base.elementMaterial, base.materials, base.bulkViscosity);
    if (!built.ok) throw new Error(built.error);
    const ops = built.ops;
    const u = new Float64Array(ndof), v = new Float64Array(ndof);
    for (let i = 0; i < ndof; i++) {
      u[i] = 1e-3 * Math.sin(0.7 * i + 0.3);
      v[i] = 50 * Math.cos(1.3 * i);
    }
    const reference = new Float64Array(ndof);
    const energy = internalForce(ops, mesh.elements, u, v, reference, true);
    // The kernel's rate is (vol(u) - vol(u - dt v)) / dt = vol(v): start it from u - dt v.
    const dt = 1e-7;
    const kernel = tet4Forces(ops, mesh.elements, ndof / 3, null);
    kernel.start(u.map((x, i) => x - dt * v[i]));
    const f = new Float64Array(ndof);
    const strain = kernel.forces(u, f, 1 / dt, true);
    expect(maxDiff(f, reference) / maxAbs(reference)).toBeLessThan(1e-9);
    expect(Math.abs(strain - energy) / energy).toBeLessThan(1e-12);
    // Without the energy asked for, the same forces and no energy.
    kernel.start(u.map((x, i) => x - dt * v[i]));
    const g = new Float64Array(ndof);
    expect(kernel.forces(u, g, 1 / dt, false)).toBe(0);
    expect(maxDiff(g, f)).toBe(0);
  });
});

describe("explicit element forces on two threads", () => {
  const saved = process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES;
  beforeAll(async () => {
    // This small model's forces go through the workers.
    process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES = "0";
    const got = await kernelPool(2);
    if (!got.ok) throw new Error(got.error);
  }, 60_000);
  afterAll(async () => {
    if (saved === undefined) delete process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES;
    else process.env.FIELDCRAFT_PARALLEL_MIN_ENTRIES = saved;
    await closeKernelPool();
  });

  const root = nodesWhere(mesh, (x) => x < 1e-9);
  const tip = nodesWhere(mesh, (x) => x > 60 - 1e-9);
  const problem = explicitProblem(mesh, steel, { loads: [forceOn(mesh, tip, [0, -200, -1000])], prescribed: [fixedAt(root)], duration: 5e-5, frames: 8 });
  const run = async (threads: number): Promise<ExplicitHistory> => ok(await solveExplicit(problem, { ...LIMITS, threads }));

  it("match one thread within round-off, and give the same bits on every run", async () => {
    const one = await run(1), two = await run(2), again = await run(2);
    expect(one.threads).toBe(1);
    expect(two.threads).toBe(2);
    expect(one.steps).toBeGreaterThan(100);
    const scale = maxAbs(one.displacement);
    expect(scale).toBeGreaterThan(0);
    expect(maxDiff(two.displacement, one.displacement) / scale).toBeLessThan(1e-6); // stored in single precision
    const last = one.frames.length - 1;
    for (const key of ["kinetic", "internal", "external_work"] as const)
      expect(Math.abs(two.frames[last][key] - one.frames[last][key]) / Math.abs(one.frames[last][key])).toBeLessThan(1e-9);
    expect(Array.from(again.displacement)).toEqual(Array.from(two.displacement));
    expect(again.frames).toEqual(two.frames);
  }, 60_000);
});
