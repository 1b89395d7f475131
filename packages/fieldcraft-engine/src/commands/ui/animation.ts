// What a viewer can play for the results on show: a frequency step's mode shapes (each drawn with its own
// contour of the field on show) or an explicit step's frames (in time order). Pure: model and view state in,
// per-entry nodal arrays out; the viewer packs them for its wire, the CPU renderer draws one entry at a time
// through `mode` or `frame`.
import { frameView } from "../../model/frame-view.js";
import { defaultField, fieldReader, modeView, resultNodes, stepResult, type NodeField } from "../../model/results.js";
import type { Model, StepResult } from "../../model/types.js";

import type { ViewState } from "../types.js";

export interface AnimationEntry {
  label: string;
  /** Nodal displacements (3 per node). */
  displacement: Float64Array;
  /** The field on show at each node. */
  values: Float64Array;
}

export interface ModelAnimation {
  kind: "modes" | "frames";
  step: string;
  field: NodeField;
  /** 0-based index of the entry the scene shows. */
  current: number;
  /** How many modes or frames the step has (entries may carry fewer: `maxEntries`). */
  total: number;
  entries: AnimationEntry[];
}

function entry(r: StepResult, field: NodeField, label: string): AnimationEntry {
  const count = resultNodes(r);
  const read = fieldReader(r, field);
  const values = new Float64Array(count);
  for (let n = 0; n < count; n++) values[n] = read(n);
  return { label, displacement: (r.solution as { displacement: Float64Array }).displacement, values };
}

/**
 * The modes of the frequency step on show (results.contour), or the frames of the explicit step on show (at most
 * `maxEntries`, evenly spread, the one on show included), or null when what is on show does not animate.
 */
export function modelAnimation(model: Model, view: ViewState, maxEntries = Infinity): ModelAnimation | null {
  const contour = view.contour as { step: string; field?: string; mode?: number; frame?: number } | undefined;
  if (!model.mesh || !contour || !model.results[contour.step]) return null;
  const stored = stepResult(model, contour.step);
  const field = (contour.field ?? defaultField(stored)) as NodeField;
  if (stored.modal) {
    const modes = stored.modal.modes.slice(0, Math.max(1, Math.min(maxEntries, stored.modal.modes.length)));
    const entries = modes.map((m, i) => entry(modeView(stored, i + 1, "mode"), field, `mode ${m.mode}: ${m.frequency_hz.toPrecision(6)} Hz`));
    const current = Math.min(Math.max((contour.mode ?? 1) - 1, 0), entries.length - 1);
    return { kind: "modes", step: stored.step, field, current, total: stored.modal.modes.length, entries };
  }
  if (stored.explicit) {
    const frames = stored.explicit.history.frames;
    const shown = frameView(stored, { frame: contour.frame }).frame?.frame ?? frames.length - 1;
    const take = Math.max(2, Math.min(maxEntries, frames.length));
    const picked = [...new Set([...Array.from({ length: take }, (_, i) => Math.round((i * (frames.length - 1)) / (take - 1))), shown])].sort((a, b) => a - b);
    const entries = picked.map((k) => entry(frameView(stored, { frame: k }).result, field, `frame ${k}: t = ${frames[k].time.toPrecision(4)}`));
    return { kind: "frames", step: stored.step, field, current: picked.indexOf(shown), total: frames.length, entries };
  }
  return null;
}
