// What a viewer can play for the results on show: a frequency step's mode shapes (each drawn with its own
// contour of the field on show). Pure: model and view state in, per-entry nodal arrays out; the viewer
// packs them for its wire, the CPU renderer draws one entry at a time through `mode`.
import { defaultField, fieldReader, modeView, resultNodes, stepResult, type NodeField } from "../../model/results.js";
import type { Model } from "../../model/types.js";
import type { ViewState } from "../types.js";

export interface AnimationEntry {
  label: string;
  /** Nodal displacements (3 per node). */
  displacement: Float64Array;
  /** The field on show at each node. */
  values: Float64Array;
}

export interface ModelAnimation {
  kind: "modes";
  step: string;
  field: NodeField;
  /** 0-based index of the entry the scene shows. */
  current: number;
  entries: AnimationEntry[];
}

/** The modes of the frequency step on show (results.contour), or null when what is on show does not animate. */
export function modelAnimation(model: Model, view: ViewState): ModelAnimation | null {
  const contour = view.contour as { step: string; field?: string; mode?: number } | undefined;
  if (!model.mesh || !contour || !model.results[contour.step]) return null;
  const stored = stepResult(model, contour.step);
  if (!stored.modal) return null;
  const field = (contour.field ?? defaultField(stored)) as NodeField;
  const entries = stored.modal.modes.map((m, i) => {
    const r = modeView(stored, i + 1, "mode");
    const count = resultNodes(r);
    const read = fieldReader(r, field);
    const values = new Float64Array(count);
    for (let n = 0; n < count; n++) values[n] = read(n);
    return { label: `mode ${m.mode}: ${m.frequency_hz.toPrecision(6)} Hz`, displacement: (r.solution as { displacement: Float64Array }).displacement, values };
  });
  const current = Math.min(Math.max((contour.mode ?? 1) - 1, 0), entries.length - 1);
  return { kind: "modes", step: stored.step, field, current, entries };
}
