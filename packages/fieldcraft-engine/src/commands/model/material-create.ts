import { z } from "zod";
import { addDefinition } from "../../model/definitions.js";
import { itemName, quantity } from "../params.js";
import { defineCommand } from "../types.js";

const isotropic = z
  .object({
    type: z.literal("isotropic"),
    young: quantity("stress", "Young's modulus").positive(),
    poisson: z.number().gt(-1).lt(0.5).describe("Poisson's ratio, between -1 and 0.5 (exclusive)"),
  })
  .strict()
  .describe("Isotropic linear elasticity");

export const modelMaterialCreateCommand = defineCommand({
  id: "model.material.create",
  label: "Create material",
  description: "A material: linear elasticity and, optionally, density (needed by dynamic analyses).",
  params: z
    .object({
      name: itemName("Material name"),
      elastic: z.discriminatedUnion("type", [isotropic]).describe("Elastic behaviour"),
      density: quantity("density", "Mass density").positive().optional(),
    })
    .strict(),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const material = { name: params.name, elastic: params.elastic, ...(params.density !== undefined ? { density: params.density } : {}) };
    return { result: { material: params.name }, model: addDefinition(ctx.model, "materials", material) };
  },
});
