// Fully developed flow in a square duct driven by a pressure drop between two outlets (Taylor-Hood on Kuhn
// tetrahedra): the flow rate against the rectangular-duct series (White, Viscous Fluid Flow, eq. 3-48),
// convergence under refinement, the velocity profile across the centre, and discrete mass conservation.
import { describe, expect, it } from "vitest";
import { facetsWithTags } from "../src/fem/loads.js";
import { facetFlow } from "../src/fem/fluid/post.js";
import { solveFluid, type FluidProblem } from "../src/fem/fluid/solve-fluid.js";
import { interpolate, locatePoints } from "../src/fem/locate-point.js";
import { TET_FACE_CORNERS, TET10_FACE_MIDS, type Mesh } from "../src/mesh/types.js";
import { boxTetMesh } from "./support/box-mesh.js";
import { ductFlowRate, ductVelocity } from "./support/duct-series.js";

// Face tags of boxTetMesh: 0 -x, 1 +x, 2 -y, 3 +y, 4 -z, 5 +z.
const H = 1, LENGTH = 2, MU = 1, RHO = 1, DP = 1;
const G = DP / LENGTH;

function facetNodeSet(mesh: Mesh, tags: number[]): number[] {
  const f = facetsWithTags(mesh, tags);
  const out = new Set<number>();
  for (let k = 0; k < f.element.length; k++)
    for (const a of [...TET_FACE_CORNERS[f.side[k]], ...TET10_FACE_MIDS[f.side[k]]]) out.add(mesh.elements[f.element[k] * 10 + a]);
  return [...out];
}

function ductProblem(n: number, tolerance = 1e-8): FluidProblem {
  // The flow does not vary along x: two cells along the duct, n x n across.
  const mesh = boxTetMesh({ size: [LENGTH, H, H], cells: [2, n, n], order: 2, origin: [0, -H / 2, -H / 2] });
  const velocity = new Map<number, [number, number, number]>(facetNodeSet(mesh, [2, 3, 4, 5]).map((node) => [node, [0, 0, 0]]));
  return {
    mesh,
    elementMaterial: new Int32Array(mesh.elements.length / 10),
    fluids: [{ density: RHO, viscosity: MU }],
    velocity,
    inlets: [],
    outlets: [
      { name: "high", facets: facetsWithTags(mesh, [0]), pressure: DP },
      { name: "low", facets: facetsWithTags(mesh, [1]), pressure: 0 },
    ],
    maxNonlinear: 30,
    nonlinearTolerance: tolerance,
  };
}

async function solved(n: number, tolerance?: number) {
  const problem = ductProblem(n, tolerance);
  const r = await solveFluid(problem);
  if (!r.ok) throw new Error(r.error);
  return { problem, solution: r.solution };
}

describe("Poiseuille flow in a square duct", () => {
  const exact = ductFlowRate(H / 2, H / 2, G, MU);

  it("matches the series flow rate within 1% and converges under refinement", async () => {
    const errors: number[] = [];
    for (const n of [2, 4, 6]) {
      const { problem, solution } = await solved(n);
      const out = facetFlow(problem.mesh, problem.outlets[1].facets, solution.velocity, solution.pressure);
      errors.push(Math.abs(out.flow / exact - 1));
      // The natural condition holds weakly: the outlet's mean pressure is near its prescribed 0 (within 1% of the drop).
      expect(Math.abs(out.meanPressure)).toBeLessThan(0.01 * DP);
    }
    expect(errors[2]).toBeLessThan(0.01);
    expect(errors[1]).toBeLessThan(errors[0]);
    expect(errors[2]).toBeLessThan(errors[1]);
    // Roughly third order (P2 velocity): halving h from n = 2 to 4 divides the error by more than 4.
    expect(errors[0] / errors[1]).toBeGreaterThan(4);
  }, 120_000);

  it("gives the series velocity profile across the centre within 1% of the peak, and conserves mass to 1e-8", async () => {
    const { problem, solution } = await solved(6, 1e-10);
    const peak = ductVelocity(H / 2, H / 2, G, MU, 0, 0);
    const points = Array.from({ length: 11 }, (_, k) => [LENGTH / 2, -0.45 + 0.09 * k, 0]);
    const located = locatePoints(problem.mesh, points);
    for (const [k, l] of located.entries()) {
      const u = interpolate(l!, (node) => solution.velocity[3 * node]);
      expect(Math.abs(u - ductVelocity(H / 2, H / 2, G, MU, points[k][1], 0)), `y = ${points[k][1]}`).toBeLessThan(0.01 * peak);
      expect(Math.abs(interpolate(l!, (node) => solution.velocity[3 * node + 1]))).toBeLessThan(1e-3 * peak);
    }
    const inlet = facetFlow(problem.mesh, problem.outlets[0].facets, solution.velocity, solution.pressure);
    const outlet = facetFlow(problem.mesh, problem.outlets[1].facets, solution.velocity, solution.pressure);
    expect(Math.abs(inlet.flow + outlet.flow)).toBeLessThan(1e-8 * Math.abs(inlet.flow));
    expect(solution.stats.massImbalance).toBeLessThan(1e-8);
    expect(solution.stats.reynolds).toBeCloseTo((RHO * inlet.inflow) / MU, 6); // U = Q / A and D_h = 1 for the unit square
  }, 60_000);

  it("reports progress per Picard iteration, stops when cancelled, and names the residuals when it cannot converge", async () => {
    const messages: string[] = [];
    const ok = await solveFluid(ductProblem(2), { onProgress: (p) => messages.push(p.message) });
    expect(ok.ok).toBe(true);
    expect(messages.some((m) => /^Picard iteration 1: relative nonlinear residual/.test(m))).toBe(true);

    const controller = new AbortController();
    controller.abort();
    const cancelled = await solveFluid(ductProblem(2), { signal: controller.signal });
    expect(cancelled).toEqual({ ok: false, error: "the solve was cancelled" });

    const capped = await solveFluid({ ...ductProblem(4), fluids: [{ density: 2000, viscosity: MU }], maxNonlinear: 2 });
    expect(capped.ok).toBe(false);
    if (!capped.ok) expect(capped.error).toMatch(/did not converge within max_iterations = 2 .*relative nonlinear residuals: \d\.\d+e[-+]\d+, \d\.\d+e[-+]\d+/);

    const tooBig = await solveFluid(ductProblem(2), { maxDofs: 100 });
    expect(tooBig.ok).toBe(false);
    if (!tooBig.ok) expect(tooBig.error).toMatch(/maxDofs = 100/);
    const noMemory = await solveFluid(ductProblem(2), { maxMemoryBytes: 1000 });
    if (!noMemory.ok) expect(noMemory.error).toMatch(/maxMemoryBytes/);
    expect(noMemory.ok).toBe(false);
  }, 60_000);
});
