import { z } from "zod";
import { fieldRange } from "../../model/results.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";
import { runAnalysisSteps } from "./run-steps.js";
import { nodeValue } from "../result-parts.js";

export const solveExplicitCommand = defineCommand({
  id: "solve.explicit",
  label: "Solve explicit dynamics",
  description:
    "Explicit dynamics of an explicit step (or of every one): central differences with a lumped mass, the stable time step from each element's characteristic length and dilatational wave speed times the safety factor (or a fixed step, refused above the stable one), bulk viscosity. Writes frames (displacement, velocity, acceleration; stresses from the displacement) and their energies: results.frames lists them, results.contour / solve.probe / ui.render take `frame` or `time`.",
  params: z.object({ step: itemName("Explicit step to solve; default: every explicit step").optional() }).strict(),
  result: z.object({
    steps: z.array(
      z.object({
        step: z.string(),
        time_step: z.number().describe("The step used"),
        stable_time_step: z.number().describe("The stable step estimate (before the safety factor)"),
        safety: z.number(),
        controlling_element: z.number().int().positive().describe("1-based id of the element that sets the stable step"),
        characteristic_length: z.number(),
        increments: z.number().int().nonnegative(),
        frames: z.number().int().positive().describe("Frames written, frame 0 at t = 0 included"),
        total_mass: z.number(),
        max_displacement: nodeValue.describe("Largest displacement at the last frame"),
        energy: z.object({ kinetic: z.number(), internal: z.number(), viscous: z.number(), external_work: z.number(), energy_balance: z.number() }).describe("At the last frame"),
        element_steps_per_second: z.number(),
        seconds: z.number(),
        notes: z.array(z.string()),
      }),
    ),
  }),
  requires: ["mesh", "material", "section", "step"],
  effects: { mutates: true, reads: false, writes: false },
  run: (ctx, params) =>
    runAnalysisSteps(
      "solve.explicit",
      ctx,
      params,
      (result) => {
        const x = result.explicit!;
        const h = x.history;
        const last = h.frames[h.frames.length - 1];
        const elements = x.elementMaterial.length;
        return {
          step: result.step,
          time_step: h.timeStep,
          stable_time_step: h.stableTimeStep,
          safety: x.safety,
          controlling_element: h.controllingElement + 1,
          characteristic_length: h.characteristicLength,
          increments: h.steps,
          frames: h.frames.length,
          total_mass: h.totalMass,
          max_displacement: fieldRange(result, "displacement").max,
          energy: { kinetic: last.kinetic, internal: last.internal, viscous: last.viscous, external_work: last.external_work, energy_balance: last.energy_balance },
          element_steps_per_second: h.seconds > 0 ? (elements * h.steps) / h.seconds : 0,
          seconds: h.seconds,
          notes: [...h.notes],
        };
      },
      { maxElementSteps: ctx.caps.maxElementSteps, maxFrames: ctx.caps.maxFrames },
    ),
});
