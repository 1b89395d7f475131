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

/**
 * The arrays every static result has, with their values per node. Any other Float64Array the solver adds to
 * its solution is stored too (with its length), so the file follows the solver's growth.
 */
const REQUIRED_ARRAYS: Record<string, number> = { displacement: 3, reaction: 3, stress: 6, mises: 1 };
/** No result array is longer than this many values per node or element (a hostile length inflates nothing). */
const MAX_PER_ITEM = 64;

const storedArray = z.object({ length: z.number().int().nonnegative(), data: z.string() }).strict();

const stepSchema = z
  .object({
    step: z.string(),
    /** Solver statistics as the solver reported them (numbers and names). */
    stats: z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()])),
    solution: z.record(z.string(), storedArray),
    applied: storedArray,
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

function encodeStored(values: Float64Array): z.infer<typeof storedArray> {
  return { length: values.length, data: encodeCompressed(values) };
}

export function encodeResults(model: Model): StoredResults | null {
  const steps = Object.values(model.results);
  if (steps.length === 0 || !model.mesh) return null;
  return {
    encoding: RESULTS_ENCODING,
    basis: resultsBasis(model),
    steps: steps.map((r) => ({
      step: r.step,
      stats: { ...r.solution.stats },
      solution: Object.fromEntries(
        Object.entries(r.solution)
          .filter((entry): entry is [string, Float64Array] => entry[1] instanceof Float64Array)
          .map(([key, values]) => [key, encodeStored(values)]),
      ),
      applied: encodeStored(r.applied),
    })),
  };
}

function decodeStored(stored: z.infer<typeof storedArray>, limit: number, what: string): Float64Array {
  if (stored.length > limit) throw new ModelError(`${what}: ${stored.length} values are more than a result of this mesh can have`);
  const values = decodeCompressed(stored.data, stored.length, what);
  if (!values.every(Number.isFinite)) throw new ModelError(`${what}: a value is not a finite number`);
  return values;
}

/** The stored results for `model` (already holding its mesh and definitions), or a reason they cannot be used. */
export function decodeResults(stored: StoredResults, model: Model): { ok: true; results: Record<string, StepResult> } | { ok: false; reason: string } {
  if (!model.mesh) return { ok: false, reason: "the model has no mesh" };
  if (resultsBasis(model) !== stored.basis) return { ok: false, reason: "they were computed from another mesh or other definitions" };
  const nodes = model.mesh.mesh.nodes.length / 3;
  const limit = MAX_PER_ITEM * Math.max(nodes, model.mesh.mesh.elementBody.length);
  const stepNames = new Set(model.definitions.steps.map((s) => s.name));
  const results: Record<string, StepResult> = {};
  try {
    for (const s of stored.steps) {
      if (!stepNames.has(s.step)) throw new ModelError(`step ${s.step} does not exist`);
      if (results[s.step]) throw new ModelError(`step ${s.step} is stored twice`);
      for (const [key, perNode] of Object.entries(REQUIRED_ARRAYS)) {
        const a = s.solution[key];
        if (!a) throw new ModelError(`step ${s.step}: ${key} is missing`);
        if (a.length !== perNode * nodes) throw new ModelError(`step ${s.step}: ${key} holds ${a.length} values, the mesh needs ${perNode * nodes}`);
      }
      if (s.applied.length !== 3 * nodes) throw new ModelError(`step ${s.step}: applied holds ${s.applied.length} values, the mesh needs ${3 * nodes}`);
      const solution = Object.fromEntries(Object.entries(s.solution).map(([key, a]) => [key, decodeStored(a, limit, `step ${s.step}: ${key}`)]));
      results[s.step] = {
        step: s.step,
        solution: { ...solution, stats: { ...s.stats } } as unknown as StaticSolution,
        applied: decodeStored(s.applied, limit, `step ${s.step}: applied`),
      };
    }
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, results };
}
