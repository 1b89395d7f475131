// Solving the steps of one analysis (the rows whose `command` is the caller's): problem, solve, stored result.
// Shared by solve.frequency and solve.heat; each adds its own reply per step.
import { analysisOf } from "../../model/analyses/index.js";
import type { AnalysisRow } from "../../model/analyses/types.js";
import { lookup } from "../../model/definitions.js";
import { requireMaterialProperties } from "../../model/material-needs.js";
import { ModelError } from "../../model/errors.js";
import { refuseUnconnected } from "../../model/connectivity.js";
import { refusePointsOutsideStatic } from "../../model/reference-points.js";
import type { Model, StepDefinition, StepResult } from "../../model/types.js";
import type { SolveOptions } from "../../fem/types.js";
import type { CommandContext } from "../types.js";

export interface RunStepsParams {
  step?: string;
  tolerance?: number;
  max_iterations?: number;
}

/**
 * A step's problem once the step may be solved: its materials have what it reads, reference points only in static
 * steps, then (the problem built, so set-up errors speak first) its pieces joined and held. Every solve command
 * asks this one function.
 */
export function checkedProblem<P>(model: Model, step: StepDefinition, analysis: AnalysisRow<P>): P {
  requireMaterialProperties(model, step, analysis.materials ?? []);
  refusePointsOutsideStatic(model, step);
  const problem = analysis.problem(model, step);
  refuseUnconnected(model, step, analysis.connectivity);
  return problem;
}

export async function runAnalysisSteps<R>(
  command: string,
  ctx: CommandContext,
  params: RunStepsParams,
  reply: (result: StepResult, stats: { solver: string; dofs: number; freeDofs: number; iterations: number; relativeResidual: number; seconds: number }) => R,
  extra: Partial<SolveOptions> & Record<string, unknown> = {},
): Promise<{ result: { steps: R[] }; model: Model }> {
  const { model, caps } = ctx;
  if (params.max_iterations !== undefined && params.max_iterations > caps.maxIterations)
    throw new ModelError(`params.max_iterations: ${params.max_iterations} is above the cap maxIterations (${caps.maxIterations})`);
  const mine = (s: StepDefinition) => analysisOf(s).command === command;
  const steps = params.step !== undefined ? [lookup(model, "steps", params.step, "params.step")] : model.definitions.steps.filter(mine);
  if (steps.length === 0) throw new ModelError(`no step is solved by ${command}: create one with model.step.create`);
  for (const s of steps) if (!mine(s)) throw new ModelError(`params.step: step ${s.name} is a ${s.procedure.type} step: run ${analysisOf(s).command}`);
  const results: Record<string, StepResult> = { ...model.results };
  const replies: R[] = [];
  for (const [i, step] of steps.entries()) {
    const analysis = analysisOf(step);
    const problem = checkedProblem(model, step, analysis);
    const solved = await analysis.solve(problem, {
      ...extra,
      ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
      maxIterations: params.max_iterations ?? Math.min(caps.maxIterations, 1000),
      maxDofs: caps.maxDofs,
      maxMemoryBytes: caps.maxMemoryBytes,
      maxThreads: caps.maxThreads,
      signal: ctx.signal,
      onProgress: (p: { progress: number; total?: number; message: string }) => ctx.progress({ ...p, message: `step ${step.name} (${i + 1}/${steps.length}): ${p.message}` }),
    });
    if (!solved.ok) throw new ModelError(`step ${step.name}: ${solved.error}`);
    const { modal, explicit, applied, ...solution } = solved.solution as Record<string, unknown>;
    const result: StepResult = {
      step: step.name,
      procedure: step.procedure.type,
      solution: solution as unknown as StepResult["solution"],
      applied: (applied as Float64Array | undefined) ?? analysis.applied(problem),
      ...(modal ? { modal: modal as StepResult["modal"] } : {}),
      ...(explicit ? { explicit: explicit as StepResult["explicit"] } : {}),
    };
    results[step.name] = result;
    const st = (solution as { stats: { solver: string; dofs: number; freeDofs: number; iterations: number; relativeResidual: number; assemblySeconds: number; solveSeconds: number } }).stats;
    replies.push(reply(result, { ...st, seconds: st.assemblySeconds + st.solveSeconds }));
  }
  return { result: { steps: replies }, model: { ...model, results } };
}

export function solverReply(stats: { solver: string; dofs: number; freeDofs: number; iterations: number; relativeResidual: number; seconds: number }) {
  return { name: stats.solver, dofs: stats.dofs, free_dofs: stats.freeDofs, iterations: stats.iterations, relative_residual: stats.relativeResidual, seconds: stats.seconds };
}
