// `geometry.partition`: the design's bodies cut by a datum plane into cells; part of the model, re-applied on open.
import { z } from "zod";
import { ModelError } from "../../model/errors.js";
import { applyPartitions } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { itemName } from "../params.js";
import { defineCommand } from "../types.js";

export const geometryPartitionCommand = defineCommand({
  id: "geometry.partition",
  label: "Partition",
  description:
    "Cuts bodies by a datum plane into cells `<body>/a` (the negative side of the datum's normal) and `<body>/b`. The cut's faces are `partition:<name>:a` and `partition:<name>:b`; every other face keeps its name. Partitions compose (a cell cut again is `<body>/a/b`), are saved with the model and are re-applied when the design is opened again. Box unions cut by a principal plane and extrusions cut along or across their direction stay meshable by every mesher. Replaces nothing else: an existing mesh is kept (it no longer matches the cells; mesh again).",
  params: z
    .object({
      name: itemName("Partition name"),
      datum: itemName("Datum plane (geometry.datum)"),
      bodies: z.array(z.string().min(1).max(300)).min(1).max(1000).optional().describe("Bodies or cells to cut (a body name also takes its cells); default: every body the plane crosses"),
    })
    .strict(),
  result: z.object({
    partition: z.string(),
    cut: z.array(z.string()).describe("The bodies or cells it cut"),
    cells: z.array(z.object({ name: z.string(), kind: z.string(), volume: z.number(), faces: z.number().int().nonnegative() })).describe("Every body or cell of the design now"),
  }),
  requires: ["design"],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const m = ctx.model;
    if ((m.partitions ?? []).some((p) => p.name === params.name)) throw new ModelError(`params.name: a partition named \`${params.name}\` exists already; choose another name`);
    const definition = { name: params.name, datum: params.datum, ...(params.bodies ? { bodies: params.bodies } : {}) };
    const trial: Model = { ...m, partitions: [...(m.partitions ?? []), definition] };
    const { design, reports } = applyPartitions(trial, m.design!, true);
    const mine = reports[reports.length - 1];
    if (mine.cut.length === 0)
      throw new ModelError(`params.datum: the plane of \`${params.datum}\` does not cut ${params.bodies ? `the bodies ${params.bodies.join(", ")}` : "any body"} of the design; move the datum or pick other bodies`);
    const model: Model = { ...trial, design };
    return {
      result: {
        partition: params.name,
        cut: mine.cut,
        cells: design.design.bodies.map((b) => ({ name: b.name, kind: b.kind, volume: b.volume, faces: b.faces.length })),
      },
      model,
    };
  },
});
