import { z } from "zod";
import { generateTetMesh } from "../../mesh/generate.js";
import { ModelError, nameList } from "../../model/errors.js";
import type { Model } from "../../model/types.js";
import { quantity } from "../params.js";
import { interfaceReports } from "../result-parts.js";
import { defineCommand } from "../types.js";

export const meshTetGenerateCommand = defineCommand({
  id: "mesh.tet.generate",
  label: "Tetrahedral mesh",
  description:
    "Meshes the design's bodies (or one `body`) with conforming tetrahedra, first order (C3D4) or second order (C3D10), boundary facets tagged with the design's face names. Edge seeds (mesh.seed.edge) divide their edges at exactly the seed's nodes (graded as asked; the reply's `seeds` gives the mesh edges along each) and the sizes around grade from them. Replaces the mesh; results are dropped, sets by geometry follow the new mesh.",
  params: z
    .object({
      body: z.string().min(1).max(200).optional().describe("Body to mesh; default: every body"),
      size: quantity("length", "Target element edge length; default: the body's longest side / 20").positive().optional(),
      tolerance: quantity("length", "Largest distance allowed between the design's boundary and the mesh's").positive().optional(),
      order: z.union([z.literal(1), z.literal(2)]).default(2).describe("Element order: 1 (C3D4) or 2 (C3D10)"),
    })
    .strict(),
  result: z.object({
    mesh: z.object({
      type: z.string(),
      elements: z.number().int().nonnegative(),
      nodes: z.number().int().nonnegative(),
      boundaryFacets: z.number().int().nonnegative(),
      deviation: z.number().describe("Largest distance between the design's boundary and the mesh's"),
      tolerance: z.number().nullable(),
      seconds: z.number(),
      interfaces: interfaceReports.optional(),
      bodies: z.array(
        z.object({
          name: z.string(),
          method: z.string(),
          size: z.number(),
          elements: z.number().int(),
          nodes: z.number().int(),
          seeds: z.array(z.object({ seed: z.number().int().positive(), edge: z.string(), count: z.number().int().positive() })).optional().describe("Mesh edges along each seeded edge"),
          quality: z.object({ min_dihedral: z.number(), max_radius_edge: z.number() }).optional().describe("Imported bodies: the worst dihedral angle (degrees) and circumradius / shortest edge"),
        }),
      ),
    }),
    results_cleared: z.array(z.string()).describe("Steps whose results the new mesh dropped"),
  }),
  requires: ["design"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const design = ctx.model.design!.design;
    if (params.body !== undefined && !design.bodies.some((b) => b.name === params.body)) {
      throw new ModelError(`params.body: no body named \`${params.body}\`; bodies: ${nameList(design.bodies.map((b) => b.name))}`);
    }
    ctx.progress({ progress: 0, message: "meshing" });
    const out = generateTetMesh(design, {
      ...(params.body !== undefined ? { bodies: [params.body] } : {}),
      ...(params.size !== undefined ? { size: params.size } : {}),
      ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
      order: params.order,
      ...(ctx.model.seeds ? { seeds: ctx.model.seeds } : {}),
      maxElements: ctx.caps.maxElements,
      maxNodes: ctx.caps.maxNodes,
      signal: ctx.signal,
    });
    if (!out.ok) throw new ModelError(out.error);
    const parameters = {
      ...(params.body !== undefined ? { bodies: [params.body] } : {}),
      ...(params.size !== undefined ? { size: params.size } : {}),
      ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
      order: params.order,
    };
    const model: Model = { ...ctx.model, mesh: { mesh: out.mesh, parameters }, results: {} };
    return { result: { mesh: out.stats, results_cleared: Object.keys(ctx.model.results) }, model };
  },
});
