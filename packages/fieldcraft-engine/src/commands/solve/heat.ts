import { z } from "zod";
import { fieldRange } from "../../model/results.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { runAnalysisSteps, solverReply } from "./run-steps.js";
import { nodeRange, nodeValue, solverResult } from "../result-parts.js";

export const solveHeatCommand = defineCommand({
  id: "solve.heat",
  label: "Solve heat",
  description:
    "Steady heat conduction of a heat step (or of every one): temperatures at nodes, heat flux -k grad T (averaged at nodes) and the reaction heat flow at prescribed temperatures (results.reactions).",
  params: z
    .object({
      step: itemName("Heat step to solve; default: every heat step").optional(),
      tolerance: z.number().gt(0).lt(1).optional().describe("Relative residual at which the iterative solver stops (default 1e-8)"),
      max_iterations: z.number().int().positive().optional().describe("Most iterations of the iterative solver (default 1000, at most the session's cap)"),
    })
    .strict(),
  result: z.object({
    steps: z.array(z.object({ step: z.string(), temperature: nodeRange, max_heat_flux: nodeValue.describe("Largest heat flux magnitude"), solver: solverResult })),
  }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: true, reads: false, writes: false },
  run: (ctx, params) =>
    runAnalysisSteps("solve.heat", ctx, params, (result, stats) => ({
      step: result.step,
      temperature: fieldRange(result, "temperature"),
      max_heat_flux: fieldRange(result, "heat_flux").max,
      solver: solverReply(stats),
    })),
});
