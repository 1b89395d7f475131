import { z } from "zod";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { runAnalysisSteps, solverReply } from "./run-steps.js";
import { solverResult } from "../result-parts.js";

export const solveFrequencyCommand = defineCommand({
  id: "solve.frequency",
  label: "Solve frequencies",
  description:
    "Natural frequencies and mode shapes of a frequency step (or of every one): K phi = omega^2 M phi with the step's supports held at zero, the lowest `modes` (above min_hz, up to max_hz). Mode shapes are mass-normalised; results.modes lists frequencies, participation factors and effective masses. An unsupported model gives its rigid-body modes near 0 Hz and says so.",
  params: z
    .object({
      step: itemName("Frequency step to solve; default: every frequency step").optional(),
      tolerance: z.number().gt(0).lt(1).optional().describe("Relative eigen-residual at which a mode counts as converged (default 1e-8)"),
      max_iterations: z.number().int().positive().optional().describe("Most eigensolver iterations (default 1000, at most the session's cap)"),
      options: z
        .object({ mass: z.enum(["consistent", "lumped"]).default("consistent").describe("Consistent mass (default, as CalculiX) or lumped (row-sum / HRZ diagonal)") })
        .strict()
        .optional()
        .describe("Solver options"),
    })
    .strict(),
  result: z.object({
    steps: z.array(
      z.object({
        step: z.string(),
        modes: z.array(z.object({ mode: z.number().int().positive(), frequency_hz: z.number() })),
        rigid_body_modes: z.number().int().nonnegative().describe("Modes near 0 Hz of a model the supports do not hold"),
        notes: z.array(z.string()),
        solver: solverResult,
      }),
    ),
  }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: true, reads: false, writes: false },
  run: (ctx, params) =>
    runAnalysisSteps(
      "solve.frequency",
      ctx,
      params,
      (result, stats) => ({
        step: result.step,
        modes: result.modal!.modes.map((m) => ({ mode: m.mode, frequency_hz: m.frequency_hz })),
        rigid_body_modes: result.modal!.rigid_body_modes,
        notes: [...result.modal!.notes],
        solver: solverReply(stats),
      }),
      { mass: params.options?.mass ?? "consistent" },
    ),
});
