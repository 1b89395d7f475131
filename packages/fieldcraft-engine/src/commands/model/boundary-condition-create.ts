import { z } from "zod";
import { addDefinition, lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { itemName, quantity, targetSchema } from "../params.js";
import { defineCommand } from "../types.js";

const name = itemName("Boundary condition name");

export const modelBoundaryConditionCreateCommand = defineCommand({
  id: "model.boundary_condition.create",
  label: "Create boundary condition",
  description: "Holds the nodes of a set: `fixed` (all displacements zero) or `displacement` (chosen components prescribed).",
  params: z.discriminatedUnion("type", [
    z.object({ name, type: z.literal("fixed").describe("All three displacements held at zero"), target: targetSchema }).strict(),
    z
      .object({
        name,
        type: z.literal("displacement").describe("Prescribed displacement components"),
        target: targetSchema,
        components: z
          .object({
            u1: quantity("length", "Displacement along x").optional(),
            u2: quantity("length", "Displacement along y").optional(),
            u3: quantity("length", "Displacement along z").optional(),
          })
          .strict()
          .describe("The components to prescribe; the others stay free"),
      })
      .strict(),
  ]),
  requires: ["set"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "sets", params.target.set, "params.target.set");
    if (params.type === "displacement" && Object.values(params.components).every((v) => v === undefined)) {
      throw new ModelError("params.components: give at least one of u1, u2, u3");
    }
    return { result: { boundary_condition: params.name }, model: addDefinition(ctx.model, "boundary_conditions", params) };
  },
});
