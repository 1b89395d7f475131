// Reading stored results: which step's, and node fields by name (the contour and probe fields).
import { ModelError, nameList } from "./errors.js";
import type { Model, StepResult } from "./types.js";

/** The named step's result, or the last solved step in step order. */
export function stepResult(model: Model, step: string | undefined): StepResult {
  const solved = model.definitions.steps.map((s) => s.name).filter((n) => model.results[n] !== undefined);
  if (step === undefined) {
    const last = solved[solved.length - 1];
    if (last === undefined) throw new ModelError("needs results: run solve.static first");
    return model.results[last];
  }
  if (!model.definitions.steps.some((s) => s.name === step)) {
    throw new ModelError(`params.step: no step named \`${step}\`; steps: ${nameList(model.definitions.steps.map((s) => s.name))}`);
  }
  const r = model.results[step];
  if (!r) throw new ModelError(`params.step: step \`${step}\` is not solved: run solve.static {"step": ${JSON.stringify(step)}} first; solved: ${nameList(solved)}`);
  return r;
}

const STRESS_COMPONENTS = ["s11", "s22", "s33", "s12", "s13", "s23"] as const;
const DISPLACEMENT_COMPONENTS = ["u1", "u2", "u3"] as const;

export const NODE_FIELDS = ["displacement", "u1", "u2", "u3", "von_mises", ...STRESS_COMPONENTS] as const;
export type NodeField = (typeof NODE_FIELDS)[number];

export const FIELD_DIMENSION: Record<NodeField, "length" | "stress"> = {
  displacement: "length",
  u1: "length",
  u2: "length",
  u3: "length",
  von_mises: "stress",
  s11: "stress",
  s22: "stress",
  s33: "stress",
  s12: "stress",
  s13: "stress",
  s23: "stress",
};

/** The field's value at node index n. */
export function fieldReader(result: StepResult, field: NodeField): (n: number) => number {
  const { displacement: u, stress, mises } = result.solution;
  if (field === "displacement") return (n) => Math.hypot(u[3 * n], u[3 * n + 1], u[3 * n + 2]);
  if (field === "von_mises") return (n) => mises[n];
  const d = (DISPLACEMENT_COMPONENTS as readonly string[]).indexOf(field);
  if (d >= 0) return (n) => u[3 * n + d];
  const s = (STRESS_COMPONENTS as readonly string[]).indexOf(field);
  return (n) => stress[6 * n + s];
}

/** Smallest and largest value with their 1-based node ids (the first node where each occurs). */
export function fieldRange(result: StepResult, field: NodeField): { min: { node: number; value: number }; max: { node: number; value: number } } {
  const read = fieldReader(result, field);
  const count = result.solution.displacement.length / 3;
  let lo = 0;
  let hi = 0;
  let loV = Infinity;
  let hiV = -Infinity;
  for (let n = 0; n < count; n++) {
    const v = read(n);
    if (v < loV) {
      loV = v;
      lo = n;
    }
    if (v > hiV) {
      hiV = v;
      hi = n;
    }
  }
  return { min: { node: lo + 1, value: loV }, max: { node: hi + 1, value: hiV } };
}

/** Everything stored at one node index, JSON-ready. */
export function nodeReport(model: Model, result: StepResult, n: number) {
  const x = model.mesh!.mesh.nodes;
  const { displacement: u, stress, mises, reaction } = result.solution;
  const s = stress.subarray(6 * n, 6 * n + 6);
  return {
    node: n + 1,
    coordinates: [x[3 * n], x[3 * n + 1], x[3 * n + 2]],
    displacement: { u1: u[3 * n], u2: u[3 * n + 1], u3: u[3 * n + 2], magnitude: Math.hypot(u[3 * n], u[3 * n + 1], u[3 * n + 2]) },
    stress: { s11: s[0], s22: s[1], s33: s[2], s12: s[3], s13: s[4], s23: s[5] },
    von_mises: mises[n],
    reaction: [reaction[3 * n], reaction[3 * n + 1], reaction[3 * n + 2]],
  };
}
