import { addDefinition } from "../../model/definitions.js";
import { materialSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelMaterialCreateCommand = defineCommand({
  id: "model.material.create",
  label: "Create material",
  description: "A material with the properties its analyses need: linear elasticity (static, frequency, explicit), density (frequency, explicit), conductivity (heat; a heat-only material needs no elastic constants), specific heat; or a fluid (`fluid: {density, viscosity}`, for fluid steps). A step whose material lacks a property it needs is refused naming both.",
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
    return { result: { material: params.name }, model: addDefinition(ctx.model, "materials", material, ctx.caps.maxDefinitions) };
  },
});
