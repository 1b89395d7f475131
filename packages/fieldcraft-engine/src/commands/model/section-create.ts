import { addDefinition, lookup } from "../../model/definitions.js";
import { clearedResults, resultsCleared } from "../result-parts.js";
import { ModelError } from "../../model/errors.js";
import { resolveSet } from "../../model/sets.js";
import { sectionSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelSectionCreateCommand = defineCommand({
  id: "model.section.create",
  label: "Create section",
  description: "Gives the elements of a set a material and a kind (solid, plane_stress, plane_strain, axisymmetric, fluid). Results solved before are dropped (the reply's `results_cleared` says which, `why_cleared` why).",
  params: sectionSchema,
  result: z.object({
    section: z.string(),
    elements: z.number().int().nonnegative().nullable().describe("Elements covered in the current mesh; null without a mesh"),
    ...resultsCleared,
  }),
  requires: ["set", "material"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const { model } = ctx;
    const set = lookup(model, "sets", params.set, "params.set");
    lookup(model, "materials", params.material, "params.material");
    if (set.geometry.every((m) => "face" in m || "edge" in m) && set.elements.length === 0) {
      throw new ModelError(`params.set: set \`${set.name}\` names only faces or edges, which hold no elements; give a set of bodies or element ids`);
    }
    let elements: number | null = null;
    if (model.mesh) elements = resolveSet(set, model.mesh.mesh, model.design?.design).elements.length;
    const section = { name: params.name, set: params.set, material: params.material, kind: params.kind };
    const next = addDefinition(model, "sections", section, ctx.caps.maxDefinitions);
    return { result: { section: params.name, elements, ...clearedResults(model, next, "sections") }, model: next };
  },
});
