// The analysis registry: one row per procedure. A new analysis is a file next to `static.ts` and one entry here.
import type { z } from "zod";
import { ModelError } from "../errors.js";
import type { Model, StepDefinition } from "../types.js";
import { STATIC_ANALYSIS } from "./static.js";
import { FREQUENCY_ANALYSIS } from "./frequency.js";
import { HEAT_ANALYSIS } from "./heat.js";
import { EXPLICIT_ANALYSIS } from "./explicit.js";
import { FLUID_ANALYSIS } from "./fluid.js";
import type { AnalysisRow, ResultField } from "./types.js";

export const ANALYSES = { static: STATIC_ANALYSIS, frequency: FREQUENCY_ANALYSIS, heat: HEAT_ANALYSIS, explicit: EXPLICIT_ANALYSIS, fluid: FLUID_ANALYSIS } as const;

export type Procedure = keyof typeof ANALYSES;
/** A step's `procedure` object, as one of the rows' schemas accepts it. */
export type ProcedureDefinition = z.infer<(typeof ANALYSES)[Procedure]["schema"]>;
type FieldOf<R> = R extends { fields: readonly ResultField<infer N, any>[] } ? N : never;
/** Every nodal field some analysis stores. */
export type NodeField = { [K in Procedure]: FieldOf<(typeof ANALYSES)[K]> }[Procedure];

export const ANALYSIS_ROWS: readonly AnalysisRow<any, string, any>[] = Object.values(ANALYSES);

/** The procedure schemas, for the step schema's discriminated union. */
export const PROCEDURE_SCHEMAS = Object.values(ANALYSES).map((a) => a.schema) as unknown as [
  (typeof ANALYSES)[Procedure]["schema"],
  ...(typeof ANALYSES)[Procedure]["schema"][],
];

export function analysisOf(step: StepDefinition): AnalysisRow<any, string, any> {
  const row = ANALYSIS_ROWS.find((a) => a.procedure === step.procedure.type);
  if (!row) throw new ModelError(`step ${step.name}: no analysis solves procedure \`${step.procedure.type}\``);
  return row;
}

/** The command that provides a step's results (or, with no step, every analysis's command). */
export function resultProvider(model: Model, step?: StepDefinition): string {
  if (step) return analysisOf(step).command;
  const steps = model.definitions.steps;
  const commands = [...new Set((steps.length ? steps.map((s) => analysisOf(s)) : ANALYSIS_ROWS.slice(0, 1)).map((a) => a.command))];
  return commands.join(" or ");
}

/** Nodal fields in registry order, each name once. */
export const NODE_FIELDS = [...new Set(ANALYSIS_ROWS.flatMap((a) => a.fields.map((f) => f.name)))] as [NodeField, ...NodeField[]];

export function resultField(name: NodeField): ResultField {
  return ANALYSIS_ROWS.flatMap((a) => a.fields).find((f) => f.name === name)!;
}

export type { AnalysisRow, ResultField } from "./types.js";
