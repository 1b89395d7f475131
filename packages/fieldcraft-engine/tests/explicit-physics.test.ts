// Explicit dynamics against what is known independently: the bar's wave speed sqrt(E / rho) and the doubling of
// a stress wave at a fixed end (1D wave theory), the suddenly loaded cantilever (twice the static deflection,
// the period of its first mode from the frequency solver on the same mesh), energy conservation, and the stable
// step measured by the blow-up just above it.
import { describe, expect, it } from "vitest";
import { solveExplicit } from "../src/fem/explicit/solve-explicit.js";
import { elementOperators, stableStep } from "../src/fem/explicit/operators.js";
import { solveStatic } from "../src/fem/solve-static.js";
import { solveFrequency } from "../src/fem/solve-frequency.js";
import { blockMesh } from "../src/mesh/block.js";
import { boxTetMesh } from "./support/box-mesh.js";
import { barMesh, explicitProblem, fixedAt, forceOn, LIMITS, nodesWhere } from "./support/explicit-cases.js";

function ok<T>(r: { ok: true; solution: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.solution;
}

describe("a bar struck at one end", () => {
  // E = 1, rho = 1, nu = 0: c = 1, so times are lengths. A pressure p on x = 0, the end x = L held.
  const L = 100, p = 1e-3;
  const mesh = barMesh(L, 100);
  const struck = nodesWhere(mesh, (x) => x < 1e-9);
  const held = nodesWhere(mesh, (x) => x > L - 1e-9);
  const run = () =>
    solveExplicit(
      explicitProblem(mesh, { young: 1, poisson: 0, density: 1 }, {
        loads: [forceOn(mesh, struck, [p, 0, 0])],
        prescribed: [fixedAt(held)],
        duration: 3 * L,
        frames: 600,
      }),
      LIMITS,
    );

  it("the front reaches the far end at L / c within 2% and the reflected stress doubles there within 5%", async () => {
    const s = ok(await run());
    const nr = s.reactionDofs.length;
    // The support's force along the bar: it carries the stress at the fixed end times the area (1).
    const force = s.frames.map((_, k) => {
      let sum = 0;
      for (let i = 0; i < nr; i++) if (s.reactionDofs[i] % 3 === 0) sum -= s.reaction[k * nr + i];
      return sum;
    });
    // Arrival: the support force passes p, half of the doubled 2p (the front's middle).
    const k = force.findIndex((f) => f >= p);
    const t = s.frames[k - 1].time + ((s.frames[k].time - s.frames[k - 1].time) * (p - force[k - 1])) / (force[k] - force[k - 1]);
    expect(Math.abs(t / L - 1)).toBeLessThan(0.02);
    // Between the arrival and the return of the unloading wave (3 L / c) the fixed end holds 2p.
    const plateau = s.frames.flatMap((f, i) => (f.time > 1.2 * L && f.time < 2.8 * L ? [force[i]] : []));
    const mean = plateau.reduce((a, b) => a + b) / plateau.length;
    expect(Math.abs(mean / (2 * p) - 1)).toBeLessThan(0.05);
    // Before the front arrives the far end feels nothing.
    expect(Math.max(...s.frames.flatMap((f, i) => (f.time < 0.8 * L ? [Math.abs(force[i])] : [])))).toBeLessThan(0.01 * p);
  });
});

describe("a cantilever under a suddenly applied tip load", () => {
  // Steel, 100 x 10 x 10 mm, C3D8 (the tetrahedra's diagonals turn the bending axes, so a z load would excite two
  // modes), clamped at x = 0, 100 N down at the tip from t = 0, no damping.
  const material = { young: 210000, poisson: 0.3, density: 7.85e-9 };
  const mesh = blockMesh({ body: "Beam", min: [0, 0, 0], max: [100, 10, 10], counts: [20, 2, 2], type: "C3D8" });
  const root = nodesWhere(mesh, (x) => x < 1e-9);
  const tip = nodesWhere(mesh, (x) => x > 100 - 1e-9);
  const ne = mesh.elements.length / 8;
  const load = forceOn(mesh, tip, [0, 0, -100]);

  it("oscillates about the static deflection, peaking at twice it (5%) with the period 1 / f1 of the frequency solver (2%)", async () => {
    const prescribed = new Map(Array.from(fixedAt(root).dofs, (d) => [d, 0] as [number, number]));
    const stat = await solveStatic({ mesh, elementMaterial: new Int32Array(ne), materials: [material], prescribed, forces: load.forces });
    if (!stat.ok) throw new Error(stat.error);
    const tipZ = (u: ArrayLike<number>, off = 0) => tip.reduce((a, n) => a + u[off + 3 * n + 2], 0) / tip.length;
    const uStatic = tipZ(stat.solution.displacement);
    const modes = ok(await solveFrequency({ mesh, elementMaterial: new Int32Array(ne), materials: [material], density: [material.density], held: prescribed.keys() }, { modes: 2 }));
    // The square section bends alike in y and z: take the mode that moves the tip in z.
    const tipMotion = (m: { shape: Float64Array }, c: number) => Math.abs(tip.reduce((a, n) => a + m.shape[3 * n + c], 0));
    const bending = modes.modes.find((m) => tipMotion(m, 2) > tipMotion(m, 1))!;
    const period = 1 / bending.frequencyHz;
    const s = ok(
      await solveExplicit(
        explicitProblem(mesh, material, { loads: [load], prescribed: [fixedAt(root)], duration: 2.5 * period, frames: 500, bulkViscosity: { linear: 0, quadratic: 0 } }),
        LIMITS,
      ),
    );
    const ndof = mesh.nodes.length;
    const w = s.frames.map((f) => tipZ(s.displacement, f.frame * ndof));
    const peak = Math.min(...w);
    expect(Math.abs(peak / (2 * uStatic) - 1)).toBeLessThan(0.05);
    // Period: the frequency of the one-mode response u_s (1 - cos(omega t)) that fits the history best (least
    // squares over omega, scanned from 0.7 to 1.3 of f1 and refined), so higher modes riding on it do not count.
    const misfit = (omega: number) => s.frames.reduce((acc, f, k) => acc + (w[k] - uStatic * (1 - Math.cos(omega * f.time))) ** 2, 0);
    const omega1 = (2 * Math.PI) / period;
    let best = omega1, bestMisfit = Infinity;
    for (let r = 0.7; r <= 1.3; r += 0.001) if (misfit(r * omega1) < bestMisfit) [best, bestMisfit] = [r * omega1, misfit(r * omega1)];
    const measured = (2 * Math.PI) / best;
    expect(Math.abs(measured / period - 1)).toBeLessThan(0.02);
  });

  it("keeps kinetic + internal - external work below 1% of the largest energy over 10,000 steps", async () => {
    const small = boxTetMesh({ size: [100, 10, 10], cells: [10, 1, 1], order: 1 });
    const r = nodesWhere(small, (x) => x < 1e-9), t = nodesWhere(small, (x) => x > 100 - 1e-9);
    const probe = explicitProblem(small, material, { loads: [forceOn(small, t, [0, 0, -100])], prescribed: [fixedAt(r)], bulkViscosity: { linear: 0, quadratic: 0 } });
    const ops = elementOperators(small, probe.elementMaterial, probe.materials, probe.bulkViscosity);
    if (!ops.ok) throw new Error(ops.error);
    const dt = 0.9 * stableStep(ops.ops, 0).dt;
    const s = ok(await solveExplicit({ ...probe, duration: 10_000 * dt, frames: 200, timeStep: { safety: 0.9, fixed: dt } }, LIMITS));
    expect(s.steps).toBe(10_000);
    const largest = Math.max(...s.frames.map((f) => Math.max(f.kinetic, f.internal, f.external_work)));
    const worst = Math.max(...s.frames.map((f) => Math.abs(f.kinetic + f.internal - f.external_work)));
    expect(largest).toBeGreaterThan(0);
    expect(worst / largest).toBeLessThan(0.01);
  });
});

describe("the stable time step", () => {
  // A uniform block of cubes, free, every mode excited by a rough initial velocity; no damping.
  const material = { young: 1, poisson: 0.3, density: 1 };
  const mesh = blockMesh({ body: "B", min: [0, 0, 0], max: [6, 3, 3], counts: [6, 3, 3], type: "C3D8" });
  const v0 = new Float64Array(mesh.nodes.length).map((_, i) => Math.sin(12.9898 * i) * 1e-3);
  const base = explicitProblem(mesh, material, { initialVelocity: v0, bulkViscosity: { linear: 0, quadratic: 0 } });
  const ops = elementOperators(mesh, base.elementMaterial, base.materials, base.bulkViscosity);
  if (!ops.ok) throw new Error(ops.error);
  const estimate = stableStep(ops.ops, 0).dt;
  const energy = (f: { kinetic: number; internal: number }) => f.kinetic + f.internal;

  it("stays bounded at the reported step and blows up at 1.2x the estimate", async () => {
    const reported = 0.9 * estimate;
    const steady = ok(await solveExplicit({ ...base, duration: 3000 * reported, frames: 30, timeStep: { safety: 0.9, fixed: reported } }, LIMITS));
    const e0 = energy(steady.frames[0]);
    for (const f of steady.frames) expect(energy(f) / e0).toBeLessThan(2);
    // Just below the estimate too (the estimate itself is a bound on this mesh).
    const atEstimate = ok(await solveExplicit({ ...base, duration: 3000 * estimate, frames: 30, timeStep: { safety: 1, fixed: estimate } }, LIMITS));
    for (const f of atEstimate.frames) expect(energy(f) / e0).toBeLessThan(3);
    const over = await solveExplicit({ ...base, duration: 3000 * 1.2 * estimate, frames: 30, timeStep: { safety: 1, fixed: 1.2 * estimate, unchecked: true } }, LIMITS);
    const grew = over.ok ? Math.max(...over.solution.frames.map(energy)) / e0 : Infinity;
    expect(over.ok ? grew : "diverged").toSatisfy((g: number | string) => g === "diverged" || (g as number) > 1e6);
  });

  it("refuses a fixed step above the stable one, naming it", async () => {
    const r = await solveExplicit({ ...base, duration: 10 * estimate, timeStep: { safety: 0.9, fixed: 1.05 * estimate } }, LIMITS);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/above the stable step [\d.]+ \(element \d+, length/);
  });
});
