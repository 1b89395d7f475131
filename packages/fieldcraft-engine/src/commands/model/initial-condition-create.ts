import { z } from "zod";
import { addDefinition, lookup } from "../../model/definitions.js";
import { initialConditionSchema } from "../../model/schemas.js";
import { clearedResults, resultsCleared } from "../result-parts.js";
import { defineCommand } from "../types.js";

export const modelInitialConditionCreateCommand = defineCommand({
  id: "model.initial_condition.create",
  label: "Create initial condition",
  description: "An initial velocity on a set's nodes at t = 0, for explicit steps (a drop, an impact). Explicit steps solved before are dropped (`results_cleared`).",
  params: initialConditionSchema,
  result: z.object({ initial_condition: z.string(), ...resultsCleared }),
  requires: ["set"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    lookup(ctx.model, "sets", params.target.set, "params.target.set");
    const next = addDefinition(ctx.model, "initial_conditions", params, ctx.caps.maxDefinitions);
    return { result: { initial_condition: params.name, ...clearedResults(ctx.model, next, "initial_conditions") }, model: next };
  },
});
