// Newton for the steady Navier-Stokes equations (the `nonlinear: "newton"` option of a fluid step): after the
// Stokes solve and one Oseen step, Newton iterations on the lid-driven cavity at Re = 100 (3^3 cells) converge quadratically
// (each residual about the square of the one before, once small), where Picard's converge linearly, to the same
// velocity.
import { describe, expect, it } from "vitest";
import { solveFluid, validateFluid } from "../src/fem/fluid/solve-fluid.js";
import { ANALYSES } from "../src/model/analyses/index.js";
import { cavityMesh, cavityProblem } from "./support/cavity.js";

describe("Newton iterations for steady flow", () => {
  it("converge quadratically on the Re = 100 cavity to Picard's answer, in a few iterations", async () => {
    const mesh = cavityMesh(3);
    const messages: string[] = [];
    const newton = await solveFluid(cavityProblem(mesh, 100, { nonlinear: "newton", nonlinearTolerance: 1e-10 }), {
      onProgress: (p) => /nonlinear residual/.test(p.message) && messages.push(p.message),
    });
    if (!newton.ok) throw new Error(newton.error);
    const s = newton.solution.stats;
    expect(s.nonlinearMethod).toBe("newton after 2 Picard iterations");
    expect(s.solver).toMatch(/^Picard then Newton/);
    expect(messages[0]).toMatch(/^Picard iteration 1:/);
    expect(messages[2]).toMatch(/^Newton iteration 3:/);
    const r = s.history.split(" ").map(Number);
    expect(r.length).toBe(s.nonlinearIterations);
    expect(r.length).toBeLessThanOrEqual(8);
    expect(r.at(-1)).toBeLessThan(1e-10);
    // Quadratic: the last step takes the residual to below its previous value to the power 1.8 (a linear rate
    // would leave it a fixed fraction of it); the first Newton step already gains more than a decade.
    const [before, last] = r.slice(-2);
    expect(Math.log(last) / Math.log(before)).toBeGreaterThan(1.8);
    expect(r[2]).toBeLessThan(0.1 * r[1]);

    const picard = await solveFluid(cavityProblem(mesh, 100, { nonlinearTolerance: 1e-7 }));
    if (!picard.ok) throw new Error(picard.error);
    const p = picard.solution.stats;
    expect(p.nonlinearMethod).toBe("picard");
    expect(p.nonlinearIterations).toBeGreaterThan(3 * s.nonlinearIterations);
    // The ratios of successive Picard residuals stay far from 0 (linear convergence).
    const pr = p.history.split(" ").map(Number);
    expect(pr.at(-1)! / pr.at(-2)!).toBeGreaterThan(0.2);
    let diff = 0, peak = 0;
    for (let k = 0; k < newton.solution.velocity.length; k++) {
      diff = Math.max(diff, Math.abs(newton.solution.velocity[k] - picard.solution.velocity[k]));
      peak = Math.max(peak, Math.abs(picard.solution.velocity[k]));
    }
    expect(peak).toBeCloseTo(1, 12);
    expect(diff).toBeLessThan(1e-5);
    // The pressure too (same reference node).
    let pdiff = 0;
    for (let k = 0; k < newton.solution.pressure.length; k++) pdiff = Math.max(pdiff, Math.abs(newton.solution.pressure[k] - picard.solution.pressure[k]));
    expect(pdiff).toBeLessThan(1e-5);
  }, 60_000);

  it("start from a given state: a converged one needs no iteration, a lower Reynolds number's lets Newton start at once", async () => {
    const mesh = cavityMesh(2);
    const at100 = await solveFluid(cavityProblem(mesh, 100, { nonlinear: "newton", nonlinearTolerance: 1e-10 }));
    if (!at100.ok) throw new Error(at100.error);
    const again = await solveFluid(cavityProblem(mesh, 100, { initial: at100.solution }));
    if (!again.ok) throw new Error(again.error);
    expect(again.solution.stats.nonlinearIterations).toBe(0);
    expect(again.solution.stats.relativeResidual).toBeLessThan(1e-9);
    // Continuation to Re = 200: Newton straight from the Re = 100 flow (from Stokes it needs Picard steps first).
    const warm = await solveFluid(cavityProblem(mesh, 200, { nonlinear: "newton", picardFirst: 0, initial: at100.solution, nonlinearTolerance: 1e-9 }));
    if (!warm.ok) throw new Error(warm.error);
    expect(warm.solution.stats.nonlinearMethod).toBe("newton after 0 Picard iterations");
    expect(warm.solution.stats.nonlinearIterations).toBeLessThanOrEqual(8);
    expect(warm.solution.stats.relativeResidual).toBeLessThan(1e-9);
    expect(validateFluid(cavityProblem(mesh, 100, { initial: { velocity: new Float64Array(4) } }))).toMatch(/initial velocity needs 3 finite values per node/);
  }, 60_000);

  it("is chosen by the step's nonlinear field, and bad settings are refused", () => {
    expect(ANALYSES.fluid.schema.parse({ type: "fluid", nonlinear: "newton", picard_iterations: 3 })).toMatchObject({ nonlinear: "newton", picard_iterations: 3 });
    expect(ANALYSES.fluid.schema.safeParse({ type: "fluid", nonlinear: "secant" }).success).toBe(false);
    const mesh = cavityMesh(1);
    expect(validateFluid(cavityProblem(mesh, 100, { nonlinear: "secant" as never }))).toMatch(/nonlinear must be "picard" or "newton"/);
    expect(validateFluid(cavityProblem(mesh, 100, { nonlinear: "newton", picardFirst: -1 }))).toMatch(/picard_iterations/);
  });
});
