import { z } from "zod";
import { readDesign } from "../../files/design-file.js";
import type { Model } from "../../model/types.js";
import { applyPartitions } from "../../model/partitions.js";
import { designStaleness } from "../../model/staleness.js";
import { emptyModel } from "../../model/types.js";
import { filePath } from "../params.js";
import { lengthUnit } from "../../model/units.js";
import { lengthFactor } from "../../geometry/length-units.js";
import { defineCommand } from "../types.js";

export const geometryOpenCommand = defineCommand({
  id: "geometry.open",
  label: "Open design",
  description:
    "Reads a `.solidcraft` design. A design in another length unit than the model's (model.units) has its lengths converted into the model's: the reply's `converted` says from what and by which factor. `model: keep` (default) keeps the mesh and definitions, as a reopen after an edit wants; `new` starts a new model with the design. The reply says whether the design is `related` to the model and which mesh bodies and sets are `stale`.",
  params: z
    .object({
      path: filePath("Path of the `.solidcraft` file"),
      model: z.enum(["keep", "new"]).default("keep").describe("keep: the mesh and definitions stay; new: a new model with only the design"),
    })
    .strict(),
  result: z.object({
    path: z.string().nullable(),
    units: z.string().describe("The design's length unit as opened: the model's"),
    converted: z
      .object({ from: z.string(), to: z.string(), factor: z.number() })
      .optional()
      .describe("Present when the design file is in another unit than the model: its lengths were multiplied by `factor`"),
    bodies: z.array(z.object({ name: z.string(), faces: z.number().int().nonnegative(), edges: z.number().int().nonnegative(), volume: z.number() })),
    model: z.enum(["keep", "new"]),
    related: z.boolean().describe("Whether the design holds any body the model refers to"),
    stale: z.object({ mesh_bodies: z.array(z.string()), sets: z.array(z.string()) }).describe("Mesh bodies and sets that no longer resolve"),
  }),
  requires: [],
  effects: { mutates: true, reads: true, writes: false },
  async run(ctx, params) {
    const read = await readDesign(ctx.files, params.path, "params.path", ctx.caps.maxFileBytes, undefined, lengthUnit(ctx.model.units));
    const base: Model = params.model === "new" ? { ...emptyModel(), units: ctx.model.units } : ctx.model;
    const from = read.convertedFrom, to = read.design.units;
    // A kept model's partitions cut the design again (an edited design keeps its cells where the planes still cross it).
    const design = applyPartitions(base, read).design;
    const { related, stale } = designStaleness(base, design.design);
    // A new design invalidates results: they were computed on the previous geometry's mesh.
    const next: Model = { ...base, design, results: params.model === "new" ? {} : base.results };
    return {
      result: {
        path: design.path ?? null,
        units: design.design.units,
        ...(from ? { converted: { from, to, factor: lengthFactor(from, to) } } : {}),
        bodies: design.design.bodies.map((b) => ({ name: b.name, faces: b.faces.length, edges: b.edges.length, volume: b.volume })),
        model: params.model,
        related,
        stale,
      },
      model: next,
      ...(params.model === "new" ? { file: null } : {}),
    };
  },
});
