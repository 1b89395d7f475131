import { z } from "zod";
import { ModelError } from "../../model/errors.js";
import { stepResult } from "../../model/results.js";
import { unitSystem } from "../../model/units.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { perDirection } from "../result-parts.js";

export const resultsModesCommand = defineCommand({
  id: "results.modes",
  label: "Modes",
  description:
    "The modes of a solved frequency step: frequency (Hz), eigenvalue omega^2, generalised mass (1: shapes are mass-normalised), participation factors and effective masses in x, y, z and about the global x, y, z axes through the origin (rx, ry, rz), the total mass and the effective mass fraction per direction (of the mass the supports let move).",
  params: z.object({ step: itemName("Solved frequency step; default: the last solved step").optional() }).strict(),
  result: z.object({
    step: z.string(),
    modes: z.array(
      z.object({
        mode: z.number().int().positive(),
        frequency_hz: z.number(),
        eigenvalue: z.number().describe("omega^2"),
        generalized_mass: z.number().describe("1: shapes are mass-normalised"),
        participation: perDirection,
        effective_mass: perDirection,
      }),
    ),
    total_mass: z.number(),
    effective_mass_fraction: z.object({ x: z.number(), y: z.number(), z: z.number() }).describe("Of the mass the supports let move"),
    rigid_body_modes: z.number().int().nonnegative(),
    notes: z.array(z.string()),
    units: z.object({ frequency: z.string(), eigenvalue: z.string(), mass: z.string(), rotary_inertia: z.string() }),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const result = stepResult(ctx.model, params.step);
    if (!result.modal) throw new ModelError(`params.step: step ${result.step} is a ${result.procedure ?? "static"} step, not a frequency step: results.modes reads frequency steps`);
    const u = unitSystem(ctx.model.units).units;
    const m = result.modal;
    return {
      result: {
        step: result.step,
        // Copies: replies are the caller's, the model's values stay frozen.
        modes: m.modes.map((x) => ({
          mode: x.mode,
          frequency_hz: x.frequency_hz,
          eigenvalue: x.eigenvalue,
          generalized_mass: x.generalized_mass,
          participation: { ...x.participation },
          effective_mass: { ...x.effective_mass },
        })),
        total_mass: m.total_mass,
        effective_mass_fraction: { ...m.effective_mass_fraction },
        rigid_body_modes: m.rigid_body_modes,
        notes: [...m.notes],
        units: { frequency: u.frequency, eigenvalue: u.eigenvalue, mass: u.mass, rotary_inertia: u.inertia },
      },
    };
  },
});
