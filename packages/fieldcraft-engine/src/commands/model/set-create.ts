import { addDefinition } from "../../model/definitions.js";
import { ModelError } from "../../model/errors.js";
import { resolveSet, validateMembers } from "../../model/sets.js";
import type { GeometryMember, SetDefinition } from "../../model/types.js";
import { setSchema } from "../../model/schemas.js";
import { defineCommand } from "../types.js";
import { z } from "zod";

function cleanMember(m: { body: string; face?: string; edge?: string }): GeometryMember {
  if (m.face !== undefined) return { body: m.body, face: m.face };
  if (m.edge !== undefined) return { body: m.body, edge: m.edge };
  return { body: m.body };
}

export const modelSetCreateCommand = defineCommand({
  id: "model.set.create",
  label: "Create set",
  description:
    "A named set of nodes, elements and boundary facets, by geometry names (`{body}`, `{body, face}`, `{body, edge}`, resolved against the mesh's face tags) and/or 1-based node and element ids.",
  params: setSchema,
  result: z.object({
    set: z.string(),
    members: z
      .object({ nodes: z.number().int().nonnegative(), elements: z.number().int().nonnegative(), facets: z.number().int().nonnegative() })
      .nullable()
      .describe("What the set holds in the current mesh; null without a mesh"),
    resolved: z.boolean(),
  }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const { model } = ctx;
    if (params.geometry.length + params.nodes.length + params.elements.length === 0) {
      throw new ModelError("params: give at least one member in `geometry`, `nodes` or `elements`");
    }
    if (params.nodes.length + params.elements.length > ctx.caps.maxSetIds) {
      throw new ModelError(`params: ${params.nodes.length + params.elements.length} ids exceed the cap maxSetIds (${ctx.caps.maxSetIds})`);
    }
    if (params.geometry.length > 0 && !model.design && !model.mesh) {
      throw new ModelError("params.geometry: needs a design: run geometry.open first");
    }
    if ((params.nodes.length > 0 || params.elements.length > 0) && !model.mesh) {
      throw new ModelError(`params.${params.nodes.length > 0 ? "nodes" : "elements"}: ids need a mesh: run mesh.tet.generate first`);
    }
    validateMembers(params.geometry as GeometryMember[], model.design?.design, model.mesh?.mesh, "params.geometry");
    const set: SetDefinition = { name: params.name, geometry: params.geometry.map(cleanMember), nodes: params.nodes, elements: params.elements };
    const next = addDefinition(model, "sets", set, ctx.caps.maxDefinitions);
    let counts: { nodes: number; elements: number; facets: number } | null = null;
    if (model.mesh) {
      const r = resolveSet(set, model.mesh.mesh, model.design?.design);
      counts = { nodes: r.nodes.length, elements: r.elements.length, facets: r.facets.element.length };
    }
    return { result: { set: set.name, members: counts, resolved: counts !== null }, model: next };
  },
});
