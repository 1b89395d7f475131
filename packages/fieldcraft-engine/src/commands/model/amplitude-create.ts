import { z } from "zod";
import { addDefinition } from "../../model/definitions.js";
import { amplitudeSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";

export const modelAmplitudeCreateCommand = defineCommand({
  id: "model.amplitude.create",
  label: "Create amplitude",
  description:
    "A time function for explicit steps: `points` [[t, factor], ...] (piecewise linear, held beyond its ends) or `smooth_step` {t0, t1}. Loads and prescribed displacements or velocities name it in `amplitude`; without one they apply in full from t = 0.",
  params: amplitudeSchema,
  result: z.object({ amplitude: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run: (ctx, params) => ({ result: { amplitude: params.name }, model: addDefinition(ctx.model, "amplitudes", params, ctx.caps.maxDefinitions) }),
});
