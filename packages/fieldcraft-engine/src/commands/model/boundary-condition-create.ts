import { addDefinition, lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { boundaryConditionSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelBoundaryConditionCreateCommand = defineCommand({
  id: "model.boundary_condition.create",
  label: "Create boundary condition",
  description: "Holds the nodes of a set: `fixed` (all displacements zero) or `displacement` (chosen components prescribed).",
  params: boundaryConditionSchema,
  result: z.object({ boundary_condition: z.string() }),
  requires: ["set"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "sets", params.target.set, "params.target.set");
    if (params.type === "displacement" && Object.values(params.components).every((v) => v === undefined)) {
      throw new ModelError("params.components: give at least one of u1, u2, u3");
    }
    return { result: { boundary_condition: params.name }, model: addDefinition(ctx.model, "boundary_conditions", params, ctx.caps.maxDefinitions) };
  },
});
