// Results in `.fieldcraft` files: per step, the node arrays deflated (typed-arrays.ts) and the solver's
// statistics. They carry the digest of what they were computed from (units, mesh, definitions), so a file
// whose mesh or definitions were edited by hand, or that no longer match, opens without its results.
import { z } from "zod";
import { modelDigest } from "../model/digest.js";
import { ModelError } from "../model/errors.js";
import type { Model, StepResult } from "../model/types.js";
import type { StaticSolution } from "../fem/types.js";
import { decodeCompressed, encodeCompressed } from "./typed-arrays.js";

export const RESULTS_ENCODING = "f64le-zlib-base64";

/** One row per stored array: where it lives in a StepResult and how many values it has per node. */
const RESULT_ARRAYS = [
  { key: "displacement", perNode: 3, get: (r: StepResult) => r.solution.displacement },
  { key: "reaction", perNode: 3, get: (r: StepResult) => r.solution.reaction },
  { key: "stress", perNode: 6, get: (r: StepResult) => r.solution.stress },
  { key: "mises", perNode: 1, get: (r: StepResult) => r.solution.mises },
  { key: "applied", perNode: 3, get: (r: StepResult) => r.applied },
] as const;

type ArrayKey = (typeof RESULT_ARRAYS)[number]["key"];

const statsSchema = z
  .object({
    dofs: z.number(),
    freeDofs: z.number(),
    nonzeros: z.number(),
    iterations: z.number(),
    relativeResidual: z.number(),
    assemblySeconds: z.number(),
    solveSeconds: z.number(),
    solver: z.string(),
  })
  .strict();

const stepSchema = z
  .object({
    step: z.string(),
    stats: statsSchema,
    arrays: z.object(Object.fromEntries(RESULT_ARRAYS.map((a) => [a.key, z.string()])) as Record<ArrayKey, z.ZodString>).strict(),
  })
  .strict();

export const resultsSchema = z
  .object({
    encoding: z.literal(RESULTS_ENCODING),
    /** modelDigest of the model the results were computed from, without design and results. */
    basis: z.string(),
    steps: z.array(stepSchema),
  })
  .strict();

export type StoredResults = z.infer<typeof resultsSchema>;

/** What results depend on: the units, the mesh and the definitions (not the design, not the results). */
export function resultsBasis(model: Model): string {
  return modelDigest({ units: model.units, definitions: model.definitions, results: {}, ...(model.mesh ? { mesh: model.mesh } : {}) });
}

export function encodeResults(model: Model): StoredResults | null {
  const steps = Object.values(model.results);
  if (steps.length === 0) return null;
  return {
    encoding: RESULTS_ENCODING,
    basis: resultsBasis(model),
    steps: steps.map((r) => ({
      step: r.step,
      stats: { ...r.solution.stats },
      arrays: Object.fromEntries(RESULT_ARRAYS.map((a) => [a.key, encodeCompressed(a.get(r))])) as Record<ArrayKey, string>,
    })),
  };
}

/** The stored results for `model` (already holding its mesh and definitions), or a reason they cannot be used. */
export function decodeResults(stored: StoredResults, model: Model): { ok: true; results: Record<string, StepResult> } | { ok: false; reason: string } {
  if (!model.mesh) return { ok: false, reason: "the model has no mesh" };
  if (resultsBasis(model) !== stored.basis) return { ok: false, reason: "they were computed from another mesh or other definitions" };
  const nodes = model.mesh.mesh.nodes.length / 3;
  const stepNames = new Set(model.definitions.steps.map((s) => s.name));
  const results: Record<string, StepResult> = {};
  try {
    for (const s of stored.steps) {
      if (!stepNames.has(s.step)) throw new ModelError(`step ${s.step} does not exist`);
      if (results[s.step]) throw new ModelError(`step ${s.step} is stored twice`);
      const arrays = {} as Record<ArrayKey, Float64Array>;
      for (const a of RESULT_ARRAYS) {
        const values = decodeCompressed(s.arrays[a.key], nodes * a.perNode, `step ${s.step}: ${a.key}`);
        if (!values.every(Number.isFinite)) throw new ModelError(`step ${s.step}: ${a.key}: a value is not a finite number`);
        arrays[a.key] = values;
      }
      const solution: StaticSolution = {
        displacement: arrays.displacement,
        reaction: arrays.reaction,
        stress: arrays.stress,
        mises: arrays.mises,
        stats: { ...s.stats },
      };
      results[s.step] = { step: s.step, solution, applied: arrays.applied };
    }
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, results };
}
