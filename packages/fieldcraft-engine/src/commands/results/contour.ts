import { z } from "zod";
import { defaultField, FIELD_DIMENSION, NODE_FIELDS, fieldRange, modeView } from "../../model/results.js";
import { stepResult } from "../../model/results.js";
import { unitSystem } from "../../model/units.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { nodeValue } from "../result-parts.js";
import { frameView } from "../../model/frame-view.js";
import { frameParams, frameResult } from "../frame-params.js";

export const resultsContourCommand = defineCommand({
  id: "results.contour",
  label: "Contour",
  description:
    "Shows a nodal field of a solved step as contour bands and replies with its range: the smallest and largest value and the nodes where they are (`displacement` is the magnitude, so its max is the largest displacement).",
  params: z
    .object({
      step: itemName("Solved step; default: the last solved step").optional(),
      field: z
        .enum(NODE_FIELDS)
        .optional()
        .describe("displacement (magnitude), u1..u3, von_mises, s11, s22, s33, s12, s13, s23 (static steps and mode shapes), temperature, heat_flux (heat steps), velocity, acceleration (explicit frames); default: the step's first"),
      mode: z.number().int().positive().max(1000).optional().describe("Frequency steps: the mode shape to show (1-based; default 1)"),
      ...frameParams,
      bands: z.number().int().min(2).max(64).default(10).describe("Number of contour bands"),
      deformed: z.boolean().default(true).describe("Draw the deformed shape (false: the undeformed mesh)"),
      scale: z.union([z.number().min(0).max(1e12), z.literal("auto")]).default("auto").describe('Deformation scale factor, 0 for the undeformed shape, or "auto"'),
    })
    .strict(),
  result: z.object({
    contour: z.object({
      step: z.string(),
      field: z.enum(NODE_FIELDS),
      mode: z.number().int().positive().optional().describe("Frequency steps: the mode shape shown"),
      frequency_hz: z.number().optional().describe("Frequency steps: that mode's frequency"),
      ...frameResult,
      unit: z.string(),
      range: z.object({ min: nodeValue, max: nodeValue }),
      levels: z.array(z.number()).describe("Band boundaries, bands + 1 of them"),
      deformed: z.boolean(),
      scale: z.union([z.number(), z.literal("auto")]),
    }),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const stored = stepResult(ctx.model, params.step);
    const mode = params.mode ?? (stored.modal ? 1 : undefined);
    const picked = frameView(modeView(stored, mode), params);
    const result = picked.result;
    const field = params.field ?? defaultField(result);
    const range = fieldRange(result, field);
    const width = (range.max.value - range.min.value) / params.bands;
    const levels = Array.from({ length: params.bands + 1 }, (_, i) => range.min.value + i * width);
    const unit = unitSystem(ctx.model.units).units[FIELD_DIMENSION[field]];
    const contour = { step: result.step, field, bands: params.bands, deformed: params.deformed, scale: params.scale, ...(mode !== undefined ? { mode } : {}), ...(picked.frame ? { frame: picked.frame.frame } : {}) };
    const frequency = mode !== undefined ? { mode, frequency_hz: stored.modal!.modes[mode - 1].frequency_hz } : {};
    return {
      result: { contour: { step: result.step, field, ...frequency, ...(picked.frame ?? {}), unit, range, levels, deformed: params.deformed, scale: params.scale } },
      view: { ...ctx.view, contour },
    };
  },
});
