import { noParams } from "../params.js";
import { defineCommand } from "../types.js";

export const geometryBodiesCommand = defineCommand({
  id: "geometry.bodies",
  label: "Bodies",
  description:
    "The design's bodies with their measures (volume, bounding box), persistent face names with areas and normals (sets name them as `{body, face}`), and persistent edge names `<face>|<face>` with lengths (`{body, edge}`).",
  params: noParams,
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
