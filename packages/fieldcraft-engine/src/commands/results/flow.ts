import { z } from "zod";
import { facetFlow } from "../../fem/fluid/post.js";
import { lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { resolvedTarget } from "../../model/problem.js";
import { isFluidSolution, stepResult } from "../../model/results.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";

export const resultsFlowCommand = defineCommand({
  id: "results.flow",
  label: "Flow through sets",
  description:
    "Fluid steps: the volume flow rate through each set of faces (positive leaving the fluid, along the outward normal), its area, the area-averaged pressure, and the in- and outflow over the set.",
  params: z
    .object({
      step: itemName("Solved fluid step; default: the last solved step").optional(),
      sets: z.array(itemName("Set of boundary faces")).min(1).max(1000).describe("Sets of faces to integrate over"),
    })
    .strict(),
  result: z.object({
    step: z.string(),
    sets: z.array(
      z.object({
        set: z.string(),
        flow_rate: z.number().meta({ "x-dimension": "volume_flow" }).describe("Integral of u . n over the faces, n out of the fluid"),
        area: z.number().meta({ "x-dimension": "area" }),
        mean_pressure: z.number().meta({ "x-dimension": "pressure" }).describe("Integral of p over the faces divided by their area"),
        inflow: z.number().meta({ "x-dimension": "volume_flow" }),
        outflow: z.number().meta({ "x-dimension": "volume_flow" }),
      }),
    ),
  }),
  requires: ["result"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const { model } = ctx;
    const result = stepResult(model, params.step);
    const solution = result.solution;
    if (!isFluidSolution(solution))
      throw new ModelError(`params.step: step ${result.step} is a ${result.procedure ?? "static"} step: results.flow reads fluid steps (results.reactions reads this one)`);
    const mesh = model.mesh!.mesh;
    const sets = params.sets.map((name, i) => {
      lookup(model, "sets", name, `params.sets[${i}]`);
      const r = resolvedTarget(model, name, `params.sets[${i}]`);
      if (r.facets.element.length === 0) throw new ModelError(`params.sets[${i}]: set \`${name}\` has no boundary faces to integrate the flow over (use a set of faces)`);
      const f = facetFlow(mesh, r.facets, solution.velocity, solution.pressure);
      return { set: name, flow_rate: f.flow, area: f.area, mean_pressure: f.meanPressure, inflow: f.inflow, outflow: f.outflow };
    });
    return { result: { step: result.step, sets } };
  },
});
