// The render scene of a model: its mesh (or design), the set-up's symbols and, when results are on show,
// the deformed shape and a contour. Pure: model and view state in, plain renderer data out.
import { lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { resolvedTarget } from "../../model/problem.js";
import { defaultField, FIELD_DIMENSION, fieldReader, isFluidSolution, isHeatSolution, modeView, resultNodes, stepResult, type NodeField } from "../../model/results.js";
import type { Model, StepDefinition } from "../../model/types.js";
import { frameView } from "../../model/frame-view.js";
import { unitSystem } from "../../model/units.js";
import type { Scene, SymbolDef } from "../../render/index.js";
import type { ViewState } from "../types.js";
import { setItems } from "../../model/reference-points.js";
import { couplingSymbols } from "../../model/reference-point-symbols.js";

export interface ResultsRequest {
  step?: string;
  field?: NodeField;
  bands?: number;
  deformed?: boolean;
  scale?: number | "auto";
  /** Frequency steps: the mode shape to draw (1-based). */
  mode?: number;
  /** Explicit steps: the frame (0-based) or the time whose nearest frame to draw. */
  frame?: number;
  time?: number;
}

/** Symbols of the given step's conditions and loads, or of every one defined when no step is on show. */
function setupSymbols(model: Model, step: StepDefinition | undefined): SymbolDef[] {
  if (!model.mesh) return [];
  const own = step ? setItems(model, step) : undefined;
  const bcs = own ? own.boundary_conditions.map((n) => lookup(model, "boundary_conditions", n, `step ${step!.name}`)) : model.definitions.boundary_conditions;
  const loads = own ? own.loads.map((n) => lookup(model, "loads", n, `step ${step!.name}`)) : model.definitions.loads;
  const out: SymbolDef[] = [];
  for (const bc of bcs) {
    if (bc.type === "symmetry") continue; // drawn with the datums, not as a support symbol
    const r = resolvedTarget(model, bc.target.set, `boundary condition ${bc.name}`);
    if (bc.type === "fixed" || bc.type === "wall") out.push({ kind: "fixed", name: bc.name, nodes: r.nodes });
    else if (bc.type === "temperature") continue; // thermal set-up has no symbol yet
    else if (bc.type === "velocity") out.push({ kind: "displacement", name: bc.name, nodes: r.nodes, vector: bc.vector });
    else if (bc.type === "outlet") out.push({ kind: "pressure", name: bc.name, facets: r.facets, value: bc.pressure });
    else out.push({ kind: "displacement", name: bc.name, nodes: r.nodes, vector: [bc.components.u1 ?? 0, bc.components.u2 ?? 0, bc.components.u3 ?? 0] });
  }
  for (const load of loads) {
    const r = resolvedTarget(model, load.target.set, `load ${load.name}`);
    if (load.type === "force") out.push({ kind: "force", name: load.name, nodes: r.nodes, vector: load.vector });
    else if (load.type !== "pressure") continue; // thermal loads have no symbol yet
    else out.push({ kind: "pressure", name: load.name, facets: r.facets, value: load.magnitude });
  }
  out.push(...couplingSymbols(model, step));
  return out;
}

/**
 * What a render of this model shows. Results are drawn when the request names a field or step, or when a
 * contour is on show (results.contour) and its step still has results.
 */
export function modelScene(model: Model, view: ViewState, request: ResultsRequest): { scene: Scene; step: string | null } {
  if (!model.mesh && !model.design) throw new ModelError("nothing to draw: open a design (geometry.open) or a model (file.open) first");
  const contour = view.contour as (ViewState["contour"] & { deformed?: boolean; scale?: number | "auto" }) | undefined;
  const explicit = request.field !== undefined || request.step !== undefined;
  const contourStep = contour && model.results[contour.step] ? contour.step : undefined;
  const showResults = model.mesh !== undefined && (explicit || contourStep !== undefined);
  const scene: Scene = { mesh: model.mesh?.mesh ?? null, design: model.design?.design ?? null };
  if (!showResults) {
    scene.symbols = setupSymbols(model, undefined);
    return { scene, step: null };
  }
  const stored = stepResult(model, request.step ?? contourStep);
  const shown = contour as { mode?: number; frame?: number } | undefined;
  const sameStep = shown !== undefined && (request.step === undefined || request.step === contour?.step);
  const frameChoice = request.frame !== undefined || request.time !== undefined ? { frame: request.frame, time: request.time } : { frame: sameStep ? shown?.frame : undefined };
  const picked = frameView(modeView(stored, request.mode ?? shown?.mode ?? (stored.modal ? 1 : undefined), "mode"), frameChoice);
  const result = picked.result;
  const field = (request.field ?? (contour?.field as NodeField | undefined) ?? defaultField(result)) as NodeField;
  const read = fieldReader(result, field);
  const count = resultNodes(result);
  const values = new Float64Array(count);
  for (let n = 0; n < count; n++) values[n] = read(n);
  const deformed = request.deformed ?? contour?.deformed ?? true;
  scene.field = { name: field, unit: unitSystem(model.units).units[FIELD_DIMENSION[field]], values };
  scene.bands = request.bands ?? contour?.bands ?? 10;
  // A flow's speed picture carries arrows showing where it goes.
  if (field === "velocity" && isFluidSolution(result.solution)) scene.vectors = { name: "velocity", values: (result.solution as { velocity: Float64Array }).velocity };
  // Temperatures and flows have no displacement to deform the picture by.
  const heat = isHeatSolution(result.solution) || isFluidSolution(result.solution);
  if (!heat) scene.displacement = (result.solution as { displacement: Float64Array }).displacement;
  scene.scale = deformed && !heat ? (request.scale ?? contour?.scale ?? "auto") : 0;
  scene.symbols = setupSymbols(model, model.definitions.steps.find((s) => s.name === result.step));
  const mode = result.modal && result.solution !== stored.modal?.modes[0]?.solution ? stored.modal!.modes.find((m) => m.solution === result.solution) : stored.modal?.modes[0];
  scene.caption = mode
    ? [`step ${result.step}`, `mode ${mode.mode}: ${mode.frequency_hz.toPrecision(6)} Hz`]
    : picked.frame
      ? [`step ${result.step}`, `frame ${picked.frame.frame}: t = ${picked.frame.time.toPrecision(4)}`]
      : [`step ${result.step}`];
  return { scene, step: result.step };
}
