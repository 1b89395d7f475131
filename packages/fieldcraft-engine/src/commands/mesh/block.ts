// `mesh.block`: a structured block of hexahedra without a design (faces `-x` ... `+z` of body `name`).
import { z } from "zod";
import { blockMesh, HEX_FAMILY_NAMES } from "../../mesh/block.js";
import { ModelError } from "../../model/errors.js";
import type { Model } from "../../model/types.js";
import { itemName, vector3 } from "../params.js";
import { defineCommand } from "../types.js";
import { hexMeshStatsResult } from "../result-parts.js";

const count = z.number().int().min(1).max(10_000);

export const meshBlockCommand = defineCommand({
  id: "mesh.block",
  label: "Structured block",
  description:
    "Makes a structured block of hexahedra between `min` and `max`, `counts` elements per axis, without a design: the body is `name`, its faces `-x`, `+x`, `-y`, `+y`, `-z`, `+z` (sets by {body, face} reach them). Replaces the mesh; results are dropped.",
  params: z
    .object({
      name: itemName("Body name of the block"),
      min: vector3("length", "Lowest corner [x, y, z]"),
      max: vector3("length", "Highest corner [x, y, z]"),
      counts: z.tuple([count, count, count]).describe("Elements along x, y and z"),
      element: z.enum(HEX_FAMILY_NAMES as [string, ...string[]]).default("C3D20").describe("Element family: C3D8, C3D8R, C3D20 or C3D20R"),
    })
    .strict(),
  result: z.object({ mesh: hexMeshStatsResult, results_cleared: z.array(z.string()).describe("Steps whose results the new mesh dropped") }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const bad = [0, 1, 2].find((a) => !(params.max[a] > params.min[a]));
    if (bad !== undefined) throw new ModelError(`params.max: must exceed params.min along ${"xyz"[bad]} (${params.max[bad]} <= ${params.min[bad]})`);
    const [nx, ny, nz] = params.counts;
    if (nx * ny * nz > ctx.caps.maxElements)
      throw new ModelError(`params.counts: ${nx * ny * nz} elements exceed the cap maxElements = ${ctx.caps.maxElements}; use fewer elements or raise maxElements`);
    const type = params.element as (typeof HEX_FAMILY_NAMES)[number];
    const started = performance.now();
    const mesh = blockMesh({ body: params.name, min: params.min, max: params.max, counts: params.counts, type, signal: ctx.signal });
    const nodes = mesh.nodes.length / 3;
    if (nodes > ctx.caps.maxNodes) throw new ModelError(`params.counts: ${nodes} nodes exceed the cap maxNodes = ${ctx.caps.maxNodes}; use fewer elements or raise maxNodes`);
    const order = type === "C3D8" ? 1 : 2;
    const parameters = { order: order as 1 | 2, method: "block", reduced: type === "C3D20R", block: { name: params.name, min: [...params.min], max: [...params.max], counts: [...params.counts] } };
    const model: Model = { ...ctx.model, mesh: { mesh, parameters }, results: {} };
    const stats = { type, elements: nx * ny * nz, nodes, boundaryFacets: mesh.boundary.element.length, seconds: (performance.now() - started) / 1000, bodies: [{ name: params.name, method: "block", elements: nx * ny * nz, nodes }] };
    return { result: { mesh: stats, results_cleared: Object.keys(ctx.model.results) }, model };
  },
});
