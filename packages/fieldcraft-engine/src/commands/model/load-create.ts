import { addDefinition, lookup } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { loadSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

export const modelLoadCreateCommand = defineCommand({
  id: "model.load.create",
  label: "Create load",
  description:
    "A load on a set: `force` (a total force vector spread over the set's faces by area, or equally over its nodes when it has no faces) or `pressure` (on the set's faces, positive pushing into the body); explicit steps also take `gravity` (an acceleration vector on the set's elements, from their density), each with an optional `amplitude`.",
  params: loadSchema,
  result: z.object({ load: z.string() }),
  requires: ["set"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const set = lookup(ctx.model, "sets", params.target.set, "params.target.set");
    if (params.type === "pressure" && set.geometry.length === 0) {
      throw new ModelError(`params.target.set: set \`${set.name}\` has no faces (only ids); a pressure needs a set of faces or bodies`);
    }
    return { result: { load: params.name }, model: addDefinition(ctx.model, "loads", params, ctx.caps.maxDefinitions) };
  },
});
