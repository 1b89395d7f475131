import { z } from "zod";
import type { FluidSolution } from "../../fem/fluid/solve-fluid.js";
import { fieldRange } from "../../model/results.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { runAnalysisSteps, solverReply } from "./run-steps.js";
import { nodeRange, nodeValue, solverResult } from "../result-parts.js";

export const solveFluidCommand = defineCommand({
  id: "solve.fluid",
  label: "Solve flow",
  description:
    "Steady incompressible laminar flow of a fluid step (or of every one): Taylor-Hood elements on the C3D10 mesh, Picard iterations from the Stokes solution (then Newton if the step asks: nonlinear: \"newton\"), GMRES with a block preconditioner. Velocity and vorticity at nodes, pressure at corners (interpolated between), the Reynolds number at the inlet, mass conservation, the nonlinear residual history. Progress per nonlinear iteration; cancellable.",
  params: z
    .object({
      step: itemName("Fluid step to solve; default: every fluid step").optional(),
      tolerance: z.number().gt(0).lt(1).optional().describe("Relative residual at which each linear (GMRES) solve stops (default 1e-10)"),
      max_iterations: z.number().int().positive().optional().describe("Most GMRES iterations per linear solve (default 1000, at most the session's cap); the step's max_iterations bounds the nonlinear iterations"),
    })
    .strict(),
  result: z.object({
    steps: z.array(
      z.object({
        step: z.string(),
        velocity: nodeRange.describe("Speed |u| range"),
        pressure: nodeRange,
        max_vorticity: nodeValue,
        reynolds: z.object({ value: z.number(), velocity: z.number(), length: z.number(), from: z.string() }).describe("rho U D_h / mu: U the inlet's mean velocity, D_h = 4 A / P of its faces"),
        mass: z.object({ inflow: z.number(), outflow: z.number(), imbalance: z.number().describe("|inflow - outflow| / inflow") }),
        nonlinear: z.object({
          iterations: z.number().int(),
          method: z.string().describe('"picard", or "newton after N Picard iterations"'),
          residuals: z.array(z.number()).describe("Relative nonlinear residual after each nonlinear iteration"),
        }),
        pressure_reference: z.string(),
        solver: solverResult,
      }),
    ),
  }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: true, reads: false, writes: false },
  run: (ctx, params) =>
    runAnalysisSteps("solve.fluid", ctx, params, (result, stats) => {
      const s = (result.solution as FluidSolution).stats;
      return {
        step: result.step,
        velocity: fieldRange(result, "velocity"),
        pressure: fieldRange(result, "pressure"),
        max_vorticity: fieldRange(result, "vorticity").max,
        reynolds: { value: s.reynolds, velocity: s.reynoldsVelocity, length: s.reynoldsLength, from: s.reynoldsFrom },
        mass: { inflow: s.inflow, outflow: s.outflow, imbalance: s.massImbalance },
        nonlinear: { iterations: s.nonlinearIterations, method: s.nonlinearMethod ?? "picard", residuals: s.history ? s.history.split(" ").map(Number) : [] },
        pressure_reference: s.pressureReference,
        solver: solverReply(stats),
      };
    }),
});
