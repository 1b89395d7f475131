import { z } from "zod";
import { frameEnergySchema } from "../../files/explicit-results.js";
import { ModelError } from "../../model/errors.js";
import { stepResult } from "../../model/results.js";
import { unitSystem } from "../../model/units.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";

export const resultsFramesCommand = defineCommand({
  id: "results.frames",
  label: "Frames",
  description:
    "The frames of a solved explicit step: per frame its time and energies (kinetic, internal strain energy, viscous dissipation, external work of loads and supports, and the balance kinetic + internal + viscous - external work - initial energy, near 0 when the integration is sound).",
  params: z.object({ step: itemName("Solved explicit step; default: the last solved step").optional() }).strict(),
  result: z.object({
    step: z.string(),
    time_step: z.number(),
    units: z.object({ time: z.string(), energy: z.string() }),
    frames: z.array(frameEnergySchema),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const r = stepResult(ctx.model, params.step);
    if (!r.explicit) throw new ModelError(`params.step: step ${r.step} is a ${r.procedure ?? "static"} step: only explicit steps have frames`);
    const u = unitSystem(ctx.model.units).units;
    return { result: { step: r.step, time_step: r.explicit.history.timeStep, units: { time: u.time, energy: u.energy }, frames: r.explicit.history.frames.map((f) => ({ ...f })) } };
  },
});
