// The hexahedral meshers of a design as three rows sharing one shape: `mesh.hex_mapped` (one block),
// `mesh.hex_blocks` (a box union's blocks) and `mesh.hex` (mapped, then blocks; refusals name why and suggest tet).
import { z } from "zod";
import { hexFamily } from "../../mesh/block.js";
import { generateHexMesh, type HexMethod } from "../../mesh/hex-design.js";
import { ModelError, nameList } from "../../model/errors.js";
import type { Model } from "../../model/types.js";
import { quantity } from "../params.js";
import { hexMeshStatsResult } from "../result-parts.js";
import { defineCommand } from "../types.js";

const hexParams = z
  .object({
    body: z.string().min(1).max(200).optional().describe("Body to mesh; default: every body"),
    size: quantity("length", "Target element edge length; default: the body's longest side / 20").positive().optional(),
    order: z.union([z.literal(1), z.literal(2)]).default(2).describe("Element order: 1 (C3D8) or 2 (C3D20)"),
    reduced: z.boolean().default(false).describe("Reduced integration: C3D8R (one point, CalculiX's hourglass control) for order 1, C3D20R for order 2"),
  })
  .strict();

const sweepParams = hexParams
  .extend({
    layers: z.number().int().positive().max(100_000).optional().describe("Layers along the extrusion; default: an exact seed on an edge along it, else depth / size"),
    wedges: z.boolean().default(false).describe("Sweep the profile's triangles into wedges (C3D6 order 1, C3D15 order 2) instead of its quadrilaterals into hexahedra"),
  })
  .strict();

function hexCommand(id: string, label: string, method: HexMethod | "auto", what: string) {
  return defineCommand({
    id,
    label,
    description: `${what} Hexahedra C3D8 (order 1), C3D8R (order 1, reduced), C3D20 (order 2) or C3D20R (order 2, reduced), boundary facets tagged with the design's face names. Replaces the mesh; results are dropped.`,
    params: method === "sweep" ? sweepParams : hexParams,
    result: z.object({ mesh: hexMeshStatsResult, results_cleared: z.array(z.string()).describe("Steps whose results the new mesh dropped") }),
    requires: ["design"],
    effects: { mutates: true, reads: false, writes: false },
    run(ctx, raw) {
      const params = raw as z.output<typeof sweepParams>;
      const design = ctx.model.design!.design;
      if (params.body !== undefined && !design.bodies.some((b) => b.name === params.body))
        throw new ModelError(`params.body: no body named \`${params.body}\`; bodies: ${nameList(design.bodies.map((b) => b.name))}`);
      if (params.wedges && params.reduced) throw new ModelError("params.reduced: wedges (C3D6, C3D15) have no reduced form; use reduced: false or wedges: false");
      const type = params.wedges ? (params.order === 1 ? "C3D6" : "C3D15") : hexFamily(params.order, params.reduced);
      ctx.progress({ progress: 0, message: "meshing" });
      const out = generateHexMesh(design, {
        ...(params.body !== undefined ? { bodies: [params.body] } : {}),
        ...(params.size !== undefined ? { size: params.size } : {}),
        ...(params.layers !== undefined ? { layers: params.layers } : {}),
        type,
        method,
        ...(ctx.model.seeds ? { seeds: ctx.model.seeds } : {}),
        maxElements: ctx.caps.maxElements,
        maxNodes: ctx.caps.maxNodes,
        signal: ctx.signal,
      });
      if (!out.ok) throw new ModelError(out.error);
      const parameters = {
        ...(params.body !== undefined ? { bodies: [params.body] } : {}),
        ...(params.size !== undefined ? { size: params.size } : {}),
        ...(params.layers !== undefined ? { layers: params.layers } : {}),
        ...(params.wedges ? { wedges: true } : {}),
        order: params.order,
        method: id.slice("mesh.".length),
        reduced: params.reduced,
      };
      const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters }, results: {} };
      return { result: { mesh: out.stats, results_cleared: Object.keys(ctx.model.results) }, model };
    },
  });
}

export const meshHexMappedCommand = hexCommand("mesh.hex_mapped", "Mapped hexahedral mesh", "mapped", "Meshes a body that is one mappable block (a single box) with a structured grid of hexahedra; refuses other bodies naming why.");
export const meshHexBlocksCommand = hexCommand(
  "mesh.hex_blocks",
  "Block hexahedral mesh",
  "blocks",
  "Meshes a box union split into blocks by its box grid; one count per grid interval (the interval assignment) so every shared face conforms.",
);
export const meshHexCommand = hexCommand(
  "mesh.hex",
  "Hexahedral mesh",
  "auto",
  "Meshes each body with hexahedra by the first method that fits: mapped (one block), then blocks (a box union), then sweep (an extrusion); a body none fits is refused naming why and suggesting `tet`.",
);
export const meshHexSweepCommand = hexCommand(
  "mesh.hex_sweep",
  "Swept hexahedral mesh",
  "sweep",
  "Meshes an extrusion's profile in quadrilaterals (triangles split in three, smoothed; their scaled Jacobians reported as `quads`) and sweeps it in layers along the extrusion; seeds on edges along the extrusion set and grade the layers, seeds on profile edges (even counts) their divisions.",
);
