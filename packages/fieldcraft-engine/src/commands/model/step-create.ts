import { addDefinition, lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { isPointCondition, isPointLoad } from "../../model/reference-points.js";
import { stepSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelStepCreateCommand = defineCommand({
  id: "model.step.create",
  label: "Create step",
  description: "An analysis step: its procedure (static) and the boundary conditions and loads active in it, by name.",
  params: stepSchema,
  result: z.object({ step: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    // Loads and holds on reference points are listed with the others.
    params.boundary_conditions.forEach((n, i) => isPointCondition(ctx.model, n) || lookup(ctx.model, "boundary_conditions", n, `params.boundary_conditions[${i}]`));
    params.loads.forEach((n, i) => isPointLoad(ctx.model, n) || lookup(ctx.model, "loads", n, `params.loads[${i}]`));
    for (const key of ["boundary_conditions", "loads"] as const) {
      const dup = params[key].find((n, i) => params[key].indexOf(n) !== i);
      if (dup !== undefined) throw new ModelError(`params.${key}: \`${dup}\` is listed twice`);
    }
    const step = { name: params.name, procedure: params.procedure, boundary_conditions: params.boundary_conditions, loads: params.loads };
    return { result: { step: params.name }, model: addDefinition(ctx.model, "steps", step, ctx.caps.maxDefinitions) };
  },
});
