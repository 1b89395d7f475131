import { addDefinition } from "../../model/definitions.js";
import { materialSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelMaterialCreateCommand = defineCommand({
  id: "model.material.create",
  label: "Create material",
  description: "A material: linear elasticity and, optionally, density (needed by frequency steps), conductivity (needed by heat steps) and specific heat; or a fluid (`fluid: {density, viscosity}`, for fluid steps).",
  params: materialSchema,
  result: z.object({ material: z.string() }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const material = {
      name: params.name,
      ...(params.elastic !== undefined ? { elastic: params.elastic } : {}),
      ...(params.density !== undefined ? { density: params.density } : {}),
      ...(params.conductivity !== undefined ? { conductivity: params.conductivity } : {}),
      ...(params.specific_heat !== undefined ? { specific_heat: params.specific_heat } : {}),
      ...(params.fluid !== undefined ? { fluid: params.fluid } : {}),
    };
    return { result: { material: params.name }, model: addDefinition(ctx.model, "materials", material) };
  },
});
