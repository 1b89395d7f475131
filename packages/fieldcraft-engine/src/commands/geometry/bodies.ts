import { z } from "zod";
import { noParams } from "../params.js";
import { vec3 } from "../result-parts.js";
import { defineCommand } from "../types.js";

export const geometryBodiesCommand = defineCommand({
  id: "geometry.bodies",
  label: "Bodies",
  description:
    "The design's bodies with their measures (volume, bounding box), persistent face names with areas and normals (sets name them as `{body, face}`), and persistent edge names `<face>|<face>` with lengths (`{body, edge}`).",
  params: noParams,
  result: z.object({
    path: z.string().nullable(),
    units: z.string().describe("The design's length unit"),
    bodies: z.array(
      z.object({
        name: z.string(),
        kind: z.string(),
        volume: z.number(),
        bbox: z.object({ min: vec3, max: vec3 }),
        features: z.array(z.object({ id: z.string(), type: z.string() })),
        faces: z.array(z.object({ name: z.string(), area: z.number(), normal: vec3 })),
        edges: z.array(z.object({ name: z.string(), length: z.number() })),
      }),
    ),
  }),
  requires: ["design"],
  effects: { mutates: false, reads: false, writes: false },
  run(ctx) {
    const design = ctx.model.design!;
    return {
      result: {
        path: design.path ?? null,
        units: design.design.units,
        bodies: design.design.bodies.map((b) => ({
          name: b.name,
          kind: b.kind,
          volume: b.volume,
          bbox: { min: [...b.bbox.min], max: [...b.bbox.max] },
          features: b.features.map((f) => ({ id: f.id, type: f.type })),
          faces: b.faces.map((f) => ({ name: f.name, area: f.area, normal: [...f.normal] })),
          edges: b.edges.map((e) => ({ name: e.name, length: e.length })),
        })),
      },
    };
  },
});
