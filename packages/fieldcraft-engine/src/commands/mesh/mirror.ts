// `mesh.mirror`: the meshed half reflected across a datum plane and joined on it.
import { z } from "zod";
import { mirrorMesh } from "../../mesh/mirror.js";
import { ModelError, nameList } from "../../model/errors.js";
import { planeOf } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";

export const meshMirrorCommand = defineCommand({
  id: "mesh.mirror",
  label: "Mirror mesh",
  description:
    "Reflects the meshed half across a datum plane: element node order fixed so every element stays right-handed, nodes on the plane shared (one conforming mesh), the facets on the plane removed, and the mirrored elements and faces tagged as the other half's (`Part/b` mirrored becomes `Part/a` with that cell's face names), so sets by `{body, face}` reach both halves. Results are dropped.",
  params: z
    .object({
      plane: itemName("Datum plane to mirror across (geometry.datum)"),
      bodies: z.array(z.string().min(1).max(300)).min(1).max(1000).optional().describe("Mesh bodies (cells) to mirror; default: every body of the mesh"),
    })
    .strict(),
  result: z.object({
    mirrored: z.array(z.string()),
    into: z.record(z.string(), z.string()).describe("Body of the mirrored elements, per mirrored body"),
    nodes_on_plane: z.number().int().nonnegative(),
    nodes: z.number().int().nonnegative(),
    elements: z.number().int().nonnegative(),
    results_cleared: z.array(z.string()),
  }),
  requires: ["mesh"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const plane = planeOf(ctx.model, params.plane, "params.plane");
    const state = ctx.model.mesh!;
    const bodies = params.bodies ?? state.mesh.bodies;
    for (const b of bodies) if (!state.mesh.bodies.includes(b)) throw new ModelError(`params.bodies: the mesh has no body \`${b}\`; bodies: ${nameList(state.mesh.bodies)}`);
    // The count is known before the work: the mesh plus one image of every element of the bodies mirrored.
    const picked = new Set(bodies.map((b) => state.mesh.bodies.indexOf(b)));
    let images = 0;
    for (const b of state.mesh.elementBody) if (picked.has(b)) images++;
    if (state.mesh.elementBody.length + images > ctx.caps.maxElements)
      throw new ModelError(`the mirrored mesh would have ${state.mesh.elementBody.length + images} elements, above the cap maxElements = ${ctx.caps.maxElements}; mesh the half with a larger size`);
    const out = mirrorMesh(state.mesh, plane, bodies, ctx.model.design?.design);
    if (!out.ok) throw new ModelError(`params.bodies: ${out.error}`);
    if (out.report.elements > ctx.caps.maxElements) throw new ModelError(`the mirrored mesh would have ${out.report.elements} elements, above the cap maxElements = ${ctx.caps.maxElements}`);
    const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters: { ...state.parameters, mirror: { plane: params.plane, bodies: [...bodies] } } }, results: {} };
    const r = out.report;
    return { result: { mirrored: r.mirrored, into: r.into, nodes_on_plane: r.nodesOnPlane, nodes: r.nodes, elements: r.elements, results_cleared: Object.keys(ctx.model.results) }, model };
  },
});
