import { z } from "zod";
import { meshQuality } from "../../mesh/quality.js";
import { defineCommand } from "../types.js";

export const meshQualityCommand = defineCommand({
  id: "mesh.quality",
  label: "Mesh quality",
  description:
    "Element quality of the mesh: edge ratios (longest / shortest edge), dihedral angles in degrees, inverted elements, and the worst elements by smallest dihedral angle (1-based ids). Hexahedral and wedge meshes add the scaled Jacobian (min, max, mean, and how many fall below 0.2) and rank the worst by it. Planar meshes (CPS, CPE, CAX) are measured in their x-y plane: `dihedral` holds the interior angles at the corners, `volume` the area, inverted means a 2D Jacobian that is not positive (clockwise corners, or a quadratic element's det J at an integration point); quadrilaterals add the scaled Jacobian.",
  params: z.object({ worst: z.number().int().min(0).max(1000).default(10).describe("How many of the worst elements to list") }).strict(),
  result: z.object({
    type: z.string(),
    elements: z.number().int().nonnegative(),
    nodes: z.number().int().nonnegative(),
    edge_ratio: z.object({ min: z.number(), max: z.number(), mean: z.number() }).describe("Longest over shortest edge"),
    dihedral: z.object({ min: z.number(), max: z.number() }).describe("Dihedral angles in degrees (planar meshes: interior angles at the corners)"),
    inverted: z.number().int().nonnegative(),
    scaled_jacobian: z
      .object({ min: z.number(), max: z.number(), mean: z.number(), below: z.number().int().nonnegative(), threshold: z.number() })
      .optional()
      .describe("Hexahedra, wedges and quadrilaterals: scaled Jacobians (1 for a cube or rectangle, <= 0 inverted) and how many elements fall below `threshold`"),
    worst: z.array(
      z.object({
        element: z.number().int().positive(),
        body: z.string(),
        min_dihedral: z.number(),
        max_dihedral: z.number(),
        edge_ratio: z.number(),
        volume: z.number().describe("The element's volume (planar meshes: its area)"),
        scaled_jacobian: z.number().optional().describe("Hexahedra: the smallest scaled Jacobian at its corners"),
      }),
    ),
  }),
  requires: ["mesh"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx, params) {
    const q = meshQuality(ctx.model.mesh!.mesh, params.worst, ctx.signal);
    return {
      result: {
        type: q.type,
        elements: q.elements,
        nodes: q.nodes,
        edge_ratio: q.edgeRatio,
        dihedral: q.dihedral,
        inverted: q.inverted,
        ...(q.scaledJacobian ? { scaled_jacobian: q.scaledJacobian } : {}),
        worst: q.worst.map((w) => ({ element: w.index + 1, body: w.body, min_dihedral: w.minDihedral, max_dihedral: w.maxDihedral, edge_ratio: w.edgeRatio, volume: w.volume, ...(w.scaledJacobian !== undefined ? { scaled_jacobian: w.scaledJacobian } : {}) })),
      },
    };
  },
});
