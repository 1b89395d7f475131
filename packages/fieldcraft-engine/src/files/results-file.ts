// Results in `.fieldcraft` files: per step, the node arrays deflated (typed-arrays.ts) and the solver's
// statistics. They carry the digest of what they were computed from (units, mesh, definitions), so a file
// whose mesh or definitions were edited by hand, or that no longer match, opens without its results.
import { z } from "zod";
import { modelDigest } from "../model/digest.js";
import { ModelError } from "../model/errors.js";
import type { ModalSummary, Model, StepResult } from "../model/types.js";
import { ANALYSIS_ROWS, type AnalysisRow } from "../model/analyses/index.js";
import { decodeCompressed, encodeCompressed } from "./typed-arrays.js";
import { decodeExplicit, encodeExplicit, explicitStoredSchema } from "./explicit-results.js";

export const RESULTS_ENCODING = "f64le-zlib-base64";

// The arrays a result must hold come from its analysis row (`stored`); any other Float64Array the solver adds
// to its solution is stored too (with its length), so the file follows the solver's growth.
/** No result array is longer than this many values per node or element (a hostile length inflates nothing). */
const MAX_PER_ITEM = 64;

const storedArray = z.object({ length: z.number().int().nonnegative(), data: z.string() }).strict();

const scalarRecord = z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]));
const storedSolution = z.record(z.string(), storedArray);
const numbersByDirection = z.record(z.string(), z.number());

/** A frequency step's modes: each mode's numbers and its shape's arrays. */
const modalSchema = z
  .object({
    total_mass: z.number(),
    movable: numbersByDirection,
    effective_mass_fraction: numbersByDirection,
    rigid_body_modes: z.number().int().nonnegative(),
    notes: z.array(z.string()),
    modes: z.array(
      z
        .object({
          mode: z.number().int().positive(),
          frequency_hz: z.number(),
          eigenvalue: z.number(),
          generalized_mass: z.number(),
          participation: numbersByDirection,
          effective_mass: numbersByDirection,
          stats: scalarRecord,
          solution: storedSolution,
        })
        .strict(),
    ),
  })
  .strict();

const stepSchema = z
  .object({
    step: z.string(),
    /** The analysis that produced it (absent in files written before other analyses existed: static). */
    procedure: z.string().optional(),
    /** Solver statistics as the solver reported them (numbers and names). */
    stats: scalarRecord,
    solution: storedSolution,
    applied: storedArray,
    modal: modalSchema.optional(),
    /** Explicit steps: every frame (their `solution` is left empty: the last frame is rebuilt from them). */
    explicit: explicitStoredSchema.optional(),
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

function encodeSolution(solution: object): z.infer<typeof storedSolution> {
  return Object.fromEntries(
    Object.entries(solution)
      .filter((entry): entry is [string, Float64Array] => entry[1] instanceof Float64Array)
      .map(([key, values]) => [key, encodeStored(values)]),
  );
}

function encodeModal(modal: ModalSummary): z.infer<typeof modalSchema> {
  return {
    total_mass: modal.total_mass,
    movable: { ...modal.movable },
    effective_mass_fraction: { ...modal.effective_mass_fraction },
    rigid_body_modes: modal.rigid_body_modes,
    notes: [...modal.notes],
    modes: modal.modes.map((m) => ({
      mode: m.mode,
      frequency_hz: m.frequency_hz,
      eigenvalue: m.eigenvalue,
      generalized_mass: m.generalized_mass,
      participation: { ...m.participation },
      effective_mass: { ...m.effective_mass },
      stats: { ...m.solution.stats },
      solution: encodeSolution(m.solution),
    })),
  };
}

/**
 * Explicit frames above this many raw bytes stay out of the file (a JSON string of them would pass what a
 * JavaScript string can hold); such a step reopens unsolved. 256 MiB is 20 frames of about a million nodes.
 */
export const MAX_STORED_FRAME_BYTES = 256 * 1024 ** 2;

const frameBytes = (r: StepResult) => (r.explicit ? r.explicit.history.displacement.byteLength * 3 : 0);

/** The steps whose results a save stores. */
export function storedStepNames(model: Model, maxFrameBytes = MAX_STORED_FRAME_BYTES): string[] {
  return model.mesh ? Object.values(model.results).filter((r) => frameBytes(r) <= maxFrameBytes).map((r) => r.step) : [];
}

export function encodeResults(model: Model, maxFrameBytes = MAX_STORED_FRAME_BYTES): StoredResults | null {
  const keep = new Set(storedStepNames(model, maxFrameBytes));
  const steps = Object.values(model.results).filter((r) => keep.has(r.step));
  if (steps.length === 0 || !model.mesh) return null;
  return {
    encoding: RESULTS_ENCODING,
    basis: resultsBasis(model),
    steps: steps.map((r) => ({
      step: r.step,
      ...(r.procedure !== undefined ? { procedure: r.procedure } : {}),
      stats: { ...r.solution.stats },
      solution: r.explicit ? {} : encodeSolution(r.solution),
      applied: encodeStored(r.applied),
      ...(r.modal ? { modal: encodeModal(r.modal) } : {}),
      ...(r.explicit ? { explicit: encodeExplicit(r.explicit) } : {}),
    })),
  };
}

function decodeStored(stored: z.infer<typeof storedArray>, limit: number, what: string): Float64Array {
  if (stored.length > limit) throw new ModelError(`${what}: ${stored.length} values are more than a result of this mesh can have`);
  const values = decodeCompressed(stored.data, stored.length, what);
  if (!values.every(Number.isFinite)) throw new ModelError(`${what}: a value is not a finite number`);
  return values;
}

type Decoder = (stored: z.infer<typeof storedArray>, what: string) => Float64Array;

/** A stored solution checked against its row's arrays (values per node) and decoded. */
function decodeSolution(row: AnalysisRow<any, string, any>, stored: z.infer<typeof storedSolution>, stats: z.infer<typeof scalarRecord>, nodes: number, decode: Decoder, what: string): any {
  for (const [key, perNode] of Object.entries(row.stored.arrays)) {
    const a = stored[key];
    if (!a) throw new ModelError(`${what}: ${key} is missing`);
    if (a.length !== perNode * nodes) throw new ModelError(`${what}: ${key} holds ${a.length} values, the mesh needs ${perNode * nodes}`);
  }
  const arrays = Object.fromEntries(Object.entries(stored).map(([key, a]) => [key, decode(a, `${what}: ${key}`)]));
  return { ...arrays, stats: { ...stats } };
}

function decodeModal(row: AnalysisRow<any, string, any>, modal: z.infer<typeof modalSchema>, nodes: number, decode: Decoder, step: string): ModalSummary {
  return {
    total_mass: modal.total_mass,
    movable: modal.movable as ModalSummary["movable"],
    effective_mass_fraction: modal.effective_mass_fraction as ModalSummary["effective_mass_fraction"],
    rigid_body_modes: modal.rigid_body_modes,
    notes: modal.notes,
    modes: modal.modes.map((m) => ({
      mode: m.mode,
      frequency_hz: m.frequency_hz,
      eigenvalue: m.eigenvalue,
      generalized_mass: m.generalized_mass,
      participation: m.participation as ModalSummary["movable"],
      effective_mass: m.effective_mass as ModalSummary["movable"],
      solution: decodeSolution(row, m.solution, m.stats, nodes, decode, `step ${step}: mode ${m.mode}`),
    })),
  };
}

/** The stored results for `model` (already holding its mesh and definitions), or a reason they cannot be used. */
export function decodeResults(stored: StoredResults, model: Model): { ok: true; results: Record<string, StepResult> } | { ok: false; reason: string } {
  if (!model.mesh) return { ok: false, reason: "the model has no mesh" };
  if (resultsBasis(model) !== stored.basis) return { ok: false, reason: "they were computed from another mesh or other definitions" };
  const nodes = model.mesh.mesh.nodes.length / 3;
  const limit = MAX_PER_ITEM * Math.max(nodes, model.mesh.mesh.elementBody.length);
  const decode: Decoder = (a, what) => decodeStored(a, limit, what);
  const steps = new Map(model.definitions.steps.map((s) => [s.name, s]));
  const results: Record<string, StepResult> = {};
  try {
    for (const s of stored.steps) {
      const step = steps.get(s.step);
      if (!step) throw new ModelError(`step ${s.step} does not exist`);
      if (results[s.step]) throw new ModelError(`step ${s.step} is stored twice`);
      const procedure = s.procedure ?? "static";
      if (procedure !== step.procedure.type) throw new ModelError(`step ${s.step}: stored as a ${procedure} result, but the step is ${step.procedure.type}`);
      const row = ANALYSIS_ROWS.find((a) => a.procedure === procedure);
      if (!row) throw new ModelError(`step ${s.step}: no analysis reads ${procedure} results`);
      if (s.applied.length !== row.stored.appliedPerNode * nodes)
        throw new ModelError(`step ${s.step}: applied holds ${s.applied.length} values, the mesh needs ${row.stored.appliedPerNode * nodes}`);
      if ((procedure === "frequency") !== (s.modal !== undefined)) throw new ModelError(`step ${s.step}: ${s.modal ? "modes stored for a step that has none" : "its modes are missing"}`);
      if ((procedure === "explicit") !== (s.explicit !== undefined)) throw new ModelError(`step ${s.step}: ${s.explicit ? "frames stored for a step that has none" : "its frames are missing"}`);
      if (s.explicit) {
        const { explicit, solution } = decodeExplicit(s.explicit, model, `step ${s.step}`);
        results[s.step] = { step: s.step, procedure, solution, applied: decode(s.applied, `step ${s.step}: applied`), explicit };
        continue;
      }
      results[s.step] = {
        step: s.step,
        ...(s.procedure !== undefined ? { procedure: s.procedure } : {}),
        solution: decodeSolution(row, s.solution, s.stats, nodes, decode, `step ${s.step}`),
        applied: decode(s.applied, `step ${s.step}: applied`),
        ...(s.modal ? { modal: decodeModal(row, s.modal, nodes, decode, s.step) } : {}),
      };
    }
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
  return { ok: true, results };
}
