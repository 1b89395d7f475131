// Reading stored results: which step's, and node fields by name (the contour and probe fields).
import { ANALYSIS_ROWS, NODE_FIELDS, resultField, resultProvider, type NodeField } from "./analyses/index.js";
import type { HeatSolution } from "../fem/heat/solve-heat.js";
import type { FluidSolution } from "../fem/fluid/solve-fluid.js";
import type { StaticSolution } from "../fem/types.js";
import { ModelError, nameList } from "./errors.js";
import type { Dimension } from "./units.js";
import type { Model, StepResult } from "./types.js";

/** The named step's result, or the last solved step in step order. */
export function stepResult(model: Model, step: string | undefined): StepResult {
  const solved = model.definitions.steps.map((s) => s.name).filter((n) => model.results[n] !== undefined);
  if (step === undefined) {
    const last = solved[solved.length - 1];
    if (last === undefined) throw new ModelError(`needs results: run ${resultProvider(model)} first`);
    return model.results[last];
  }
  const definition = model.definitions.steps.find((s) => s.name === step);
  if (!definition) {
    throw new ModelError(`params.step: no step named \`${step}\`; steps: ${nameList(model.definitions.steps.map((s) => s.name))}`);
  }
  const r = model.results[step];
  if (!r) throw new ModelError(`params.step: step \`${step}\` is not solved: run ${resultProvider(model, definition)} {"step": ${JSON.stringify(step)}} first; solved: ${nameList(solved)}`);
  return r;
}

/** Heat results hold temperatures; static and modal results hold displacements. */
export function isHeatSolution(s: StaticSolution | HeatSolution | FluidSolution): s is HeatSolution {
  return (s as HeatSolution).temperature !== undefined;
}

/** Fluid results hold velocities and pressures. */
export function isFluidSolution(s: StaticSolution | HeatSolution | FluidSolution): s is FluidSolution {
  return (s as FluidSolution).velocity !== undefined && (s as FluidSolution).pressure !== undefined;
}

/** The displacement-type solution of a result, or an error naming the step's fields. */
export function mechanical(result: StepResult, what: string): StaticSolution {
  if (isHeatSolution(result.solution)) throw new ModelError(`step ${result.step} is a ${result.procedure} step: it has no ${what}; its fields: temperature, heat_flux`);
  if (isFluidSolution(result.solution)) throw new ModelError(`step ${result.step} is a fluid step: it has no ${what}; its fields: velocity, pressure, vorticity (results.flow for flow rates)`);
  return result.solution;
}

/** Nodes a result covers. */
export function resultNodes(result: StepResult): number {
  if (isFluidSolution(result.solution)) return result.solution.pressure.length;
  return isHeatSolution(result.solution) ? result.solution.temperature.length : result.solution.displacement.length / 3;
}

/**
 * The result to read for `mode` (1-based): a frequency step's mode as a result of its own (its shape is the
 * displacement, its stresses come from the shape). Without `mode`, a frequency step shows its first mode.
 */
export function modeView(result: StepResult, mode: number | undefined, param = "params.mode"): StepResult {
  if (mode === undefined) return result;
  if (!result.modal) throw new ModelError(`${param}: step ${result.step} is a ${result.procedure ?? "static"} step: only frequency steps have modes`);
  const m = result.modal.modes[mode - 1];
  if (!m) throw new ModelError(`${param}: step ${result.step} has ${result.modal.modes.length} modes (1..${result.modal.modes.length}); mode ${mode} is not one of them`);
  return { ...result, solution: m.solution };
}

/** The nodal fields results offer (from the analysis rows), their dimensions and readers. */
export { NODE_FIELDS, type NodeField };

export const FIELD_DIMENSION = Object.fromEntries(NODE_FIELDS.map((f) => [f, resultField(f).dimension])) as Record<NodeField, Dimension>;

/** The field's value at node index n. */
export function fieldReader(result: StepResult, field: NodeField): (n: number) => number {
  const row = ANALYSIS_ROWS.find((a) => a.procedure === (result.procedure ?? "static"));
  const mine = row?.fields.find((f) => f.name === field);
  if (row && !mine) throw new ModelError(`params.field: step ${result.step} is a ${row.procedure} step: its fields are ${row.fields.map((f) => `\`${f.name}\``).join(", ")}`);
  return (mine ?? resultField(field)).read(result.solution as never);
}

/** The default field of a result: its analysis row's first. */
export function defaultField(result: StepResult): NodeField {
  const row = ANALYSIS_ROWS.find((a) => a.procedure === (result.procedure ?? "static"));
  return (row?.fields[0]?.name ?? "displacement") as NodeField;
}

/** Smallest and largest value with their 1-based node ids (the first node where each occurs). */
export function fieldRange(result: StepResult, field: NodeField): { min: { node: number; value: number }; max: { node: number; value: number } } {
  const read = fieldReader(result, field);
  const count = resultNodes(result);
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
  if (isHeatSolution(result.solution)) {
    const { temperature, flux, reaction } = result.solution;
    return {
      node: n + 1,
      coordinates: [x[3 * n], x[3 * n + 1], x[3 * n + 2]],
      temperature: temperature[n],
      heat_flux: { q1: flux[3 * n], q2: flux[3 * n + 1], q3: flux[3 * n + 2], magnitude: Math.hypot(flux[3 * n], flux[3 * n + 1], flux[3 * n + 2]) },
      reaction_heat_flow: reaction[n],
    };
  }
  if (isFluidSolution(result.solution)) {
    const { velocity: v, pressure, vorticity } = result.solution;
    return {
      node: n + 1,
      coordinates: [x[3 * n], x[3 * n + 1], x[3 * n + 2]],
      velocity: { v1: v[3 * n], v2: v[3 * n + 1], v3: v[3 * n + 2], magnitude: Math.hypot(v[3 * n], v[3 * n + 1], v[3 * n + 2]) },
      pressure: pressure[n],
      vorticity: vorticity[n],
    };
  }
  const { displacement: u, stress, mises, reaction } = result.solution;
  const s = stress.subarray(6 * n, 6 * n + 6);
  return {
    node: n + 1,
    coordinates: [x[3 * n], x[3 * n + 1], x[3 * n + 2]],
    displacement: { u1: u[3 * n], u2: u[3 * n + 1], u3: u[3 * n + 2], magnitude: Math.hypot(u[3 * n], u[3 * n + 1], u[3 * n + 2]) },
    stress: { s11: s[0], s22: s[1], s33: s[2], s12: s[3], s13: s[4], s23: s[5] },
    von_mises: mises[n],
    reaction: [reaction[3 * n], reaction[3 * n + 1], reaction[3 * n + 2]],
    ...kinematics(result.solution as { velocity?: Float64Array; acceleration?: Float64Array }, n),
  };
}

/** Explicit frames: velocity and acceleration at the node. */
function kinematics(s: { velocity?: Float64Array; acceleration?: Float64Array }, n: number) {
  if (!s.velocity || !s.acceleration) return {};
  const v = s.velocity, a = s.acceleration;
  return { velocity: [v[3 * n], v[3 * n + 1], v[3 * n + 2]], acceleration: [a[3 * n], a[3 * n + 1], a[3 * n + 2]] };
}
