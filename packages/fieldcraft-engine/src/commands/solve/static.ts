import { z } from "zod";
import { analysisOf } from "../../model/analyses/index.js";
import { lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { checkedProblem } from "./run-steps.js";
import { fieldRange } from "../../model/results.js";
import type { Model, StepDefinition, StepResult } from "../../model/types.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { nodeValue } from "../result-parts.js";

const vec3 = z.tuple([z.number(), z.number(), z.number()]);

/** The reference points' motion and reactions, when the model has any. */
function pointReply(model: Model, solution: { points?: Float64Array }) {
  const points = solution.points;
  if (!points) return {};
  const v = (p: number, k: number): [number, number, number] => [points[12 * p + k], points[12 * p + k + 1], points[12 * p + k + 2]];
  return {
    reference_points: (model.definitions.reference_points ?? []).map((rp, p) => ({ name: rp.name, displacement: v(p, 0), rotation: v(p, 3), reaction_force: v(p, 6), reaction_moment: v(p, 9) })),
  };
}

export const solveStaticCommand = defineCommand({
  id: "solve.static",
  label: "Solve static",
  description:
    "Linear static analysis (small strain, isotropic elasticity) of a step, or of every step when `step` is left out. Results (displacement, stress, von Mises, reactions at nodes) are stored per step.",
  params: z
    .object({
      step: itemName("Step to solve; default: every step").optional(),
      tolerance: z.number().gt(0).lt(1).optional().describe("Relative residual at which the iterative solver stops (default 1e-8)"),
      max_iterations: z.number().int().positive().optional().describe("Most iterations of the iterative solver (default 1000, at most the session's cap)"),
    })
    .strict(),
  result: z.object({
    steps: z.array(
      z.object({
        step: z.string(),
        max_displacement: nodeValue,
        max_von_mises: nodeValue,
        reference_points: z
          .array(z.object({ name: z.string(), displacement: vec3, rotation: vec3, reaction_force: vec3, reaction_moment: vec3 }))
          .optional()
          .describe("Each reference point's displacement, rotation (radians) and, where held, reaction force and moment"),
        solver: z.object({
          name: z.string(),
          dofs: z.number().int().nonnegative(),
          free_dofs: z.number().int().nonnegative(),
          iterations: z.number().int().nonnegative(),
          relative_residual: z.number(),
          seconds: z.number(),
        }),
      }),
    ),
  }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: true, reads: false, writes: false },
  async run(ctx, params) {
    const { model, caps } = ctx;
    if (params.max_iterations !== undefined && params.max_iterations > caps.maxIterations) {
      throw new ModelError(`params.max_iterations: ${params.max_iterations} is above the cap maxIterations (${caps.maxIterations})`);
    }
    // This command solves the steps whose analysis row names it; a step of another analysis points to its command.
    const mine = (s: StepDefinition) => analysisOf(s).command === "solve.static";
    const steps = params.step !== undefined ? [lookup(model, "steps", params.step, "params.step")] : model.definitions.steps.filter(mine);
    for (const s of steps) if (!mine(s)) throw new ModelError(`params.step: step ${s.name} is a ${s.procedure.type} step: run ${analysisOf(s).command}`);
    const results: Record<string, StepResult> = { ...model.results };
    const replies = [];
    for (const [i, step] of steps.entries()) {
      // The step's analysis row makes the problem, solves it and says what the result holds.
      const analysis = analysisOf(step);
      const problem = checkedProblem(model, step, analysis);
      const solved = await analysis.solve(problem, {
        ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
        maxIterations: params.max_iterations ?? Math.min(caps.maxIterations, 1000),
        maxDofs: caps.maxDofs,
        maxMemoryBytes: caps.maxMemoryBytes,
        maxThreads: caps.maxThreads,
        signal: ctx.signal,
        onProgress: (p) => ctx.progress({ ...p, message: `step ${step.name} (${i + 1}/${steps.length}): ${p.message}` }),
      });
      if (!solved.ok) throw new ModelError(`step ${step.name}: ${solved.error}`);
      const result: StepResult = { step: step.name, solution: solved.solution, applied: analysis.applied(problem) };
      results[step.name] = result;
      const stats = solved.solution.stats;
      replies.push({
        step: step.name,
        max_displacement: fieldRange(result, "displacement").max,
        max_von_mises: fieldRange(result, "von_mises").max,
        ...pointReply(model, solved.solution),
        solver: {
          name: stats.solver,
          dofs: stats.dofs,
          free_dofs: stats.freeDofs,
          iterations: stats.iterations,
          relative_residual: stats.relativeResidual,
          seconds: stats.assemblySeconds + stats.solveSeconds,
        },
      });
    }
    const next: Model = { ...model, results };
    return { result: { steps: replies }, model: next };
  },
});
