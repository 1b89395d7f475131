import { z } from "zod";
import { lengthUnit, UNIT_SYSTEM_IDS, UNIT_SYSTEMS, unitSystem } from "../../model/units.js";
import { defineCommand } from "../types.js";
import { unitSystemResult } from "../result-parts.js";

export const modelUnitsCommand = defineCommand({
  id: "model.units",
  label: "Unit system",
  description:
    "Shows the model's consistent unit system, or sets it with `system`. Values are not converted: the unit system says how to read the numbers the model holds.",
  params: z
    .object({
      system: z.enum(UNIT_SYSTEM_IDS).optional().describe("Unit system to use: " + UNIT_SYSTEMS.map((s) => `${s.id} (${s.description})`).join(", ")),
    })
    .strict(),
  result: z.object({
    system: unitSystemResult,
    available: z.array(z.enum(UNIT_SYSTEM_IDS)),
    warnings: z.array(z.string()).optional().describe("The open design's lengths are in another unit than the system's"),
  }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const system = params.system ?? ctx.model.units;
    // Nothing is converted here, so a design in another length unit would be read wrong: say so, and how to convert it.
    const design = ctx.model.design?.design.units;
    const warnings =
      design && design !== lengthUnit(system)
        ? [`the open design's lengths are in ${design}, this system's in ${lengthUnit(system)}: open the design again (geometry.open) to convert it${ctx.model.mesh ? ", then mesh again" : ""}`]
        : [];
    const result = { system: unitSystem(system), available: UNIT_SYSTEMS.map((s) => s.id), ...(warnings.length ? { warnings } : {}) };
    if (system === ctx.model.units) return { result };
    return { result, model: { ...ctx.model, units: system } };
  },
});
