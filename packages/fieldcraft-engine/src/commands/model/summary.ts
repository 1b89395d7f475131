// The read-only views of a model that several commands reply with (model.info, model.activity).
import { elementCount, nodeCount } from "../../mesh/types.js";
import { definitionCounts } from "../../model/definitions.js";
import type { Model } from "../../model/types.js";
import { unitSystem } from "../../model/units.js";
import { z } from "zod";
import { datumsResult, partitionInfo, partitionsResult } from "./partition-info.js";
import { countsResult, definitionsResult, designInfoResult, meshInfoResult, unitSystemResult } from "../result-parts.js";

export const modelInfoResult = z.object({
  file: z.string().nullable().describe("The model's `.fieldcraft` file, or null"),
  units: unitSystemResult,
  design: designInfoResult,
  mesh: meshInfoResult,
  counts: countsResult,
  definitions: definitionsResult,
  results: z.array(z.string()).describe("Steps with results"),
  datums: datumsResult,
  partitions: partitionsResult,
});

export const activityResult = z.object({
  steps: z.array(
    z.object({
      index: z.number().int().positive(),
      name: z.string(),
      procedure: z.string(),
      boundary_conditions: z.array(z.string()),
      loads: z.array(z.string()),
      solved: z.boolean(),
      solver: z.object({ iterations: z.number().int().nonnegative(), dofs: z.number().int().nonnegative(), relative_residual: z.number() }).optional(),
    }),
  ),
});

export function modelInfo(model: Model, file: string | undefined): z.input<typeof modelInfoResult> {
  const mesh = model.mesh?.mesh;
  return {
    file: file ?? null,
    units: unitSystem(model.units),
    design: model.design ? { path: model.design.path ?? null, bodies: model.design.design.bodies.map((b) => b.name) } : null,
    mesh: mesh
      ? { type: mesh.type, nodes: nodeCount(mesh), elements: elementCount(mesh), bodies: [...mesh.bodies], parameters: structuredClone(model.mesh!.parameters) }
      : null,
    counts: {
      bodies: model.design?.design.bodies.length ?? 0,
      nodes: mesh ? nodeCount(mesh) : 0,
      elements: mesh ? elementCount(mesh) : 0,
      ...definitionCounts(model),
      results: Object.keys(model.results).length,
    },
    // A copy: the model is frozen, and a host may want to annotate what it gets back.
    definitions: structuredClone(model.definitions),
    results: Object.keys(model.results),
    ...partitionInfo(model),
  };
}

export function activity(model: Model): z.input<typeof activityResult> {
  return {
    steps: model.definitions.steps.map((s, i) => {
      const r = model.results[s.name];
      return {
        index: i + 1,
        name: s.name,
        procedure: s.procedure.type,
        boundary_conditions: [...s.boundary_conditions],
        loads: [...s.loads],
        solved: r !== undefined,
        ...(r ? { solver: { iterations: r.solution.stats.iterations, dofs: r.solution.stats.dofs, relative_residual: r.solution.stats.relativeResidual } } : {}),
      };
    }),
  };
}
