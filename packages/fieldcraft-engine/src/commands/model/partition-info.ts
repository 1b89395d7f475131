// The datums and partitions as model.info (and the MCP inspect_model) lists them: each datum's geometry, each
// partition's cuts and whether it is stale on the current design.
import { z } from "zod";
import { datumGeometry, partitionReports } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { vec3 } from "../result-parts.js";

export const datumsResult = z
  .array(z.object({ name: z.string(), kind: z.enum(["plane", "axis"]), point: vec3.optional(), normal: vec3.optional(), direction: vec3.optional() }))
  .describe("Datum planes (point, unit normal) and axes (point, unit direction)");

export const partitionsResult = z
  .array(
    z.object({
      name: z.string(),
      datum: z.string(),
      bodies: z.array(z.string()).optional(),
      cut: z.array(z.string()).describe("Bodies or cells it cuts on the current design"),
      stale: z.boolean().describe("True when it cuts nothing on the current design"),
      refused: z.string().optional(),
    }),
  )
  .describe("Partitions in the order they cut; the design's cells are in design.bodies");

export function partitionInfo(model: Model): { datums: z.input<typeof datumsResult>; partitions: z.input<typeof partitionsResult> } {
  const reports = partitionReports(model);
  return {
    datums: (model.datums ?? []).map((d) => {
      const g = datumGeometry(d);
      return {
        name: d.name,
        kind: d.kind,
        ...(g.plane ? { point: [...g.plane.point], normal: [...g.plane.normal] } : {}),
        ...(g.axis ? { point: [...g.axis.point], direction: [...g.axis.direction] } : {}),
      };
    }),
    partitions: (model.partitions ?? []).map((p) => {
      const r = reports.find((x) => x.partition === p.name);
      return { name: p.name, datum: p.datum, ...(p.bodies ? { bodies: [...p.bodies] } : {}), cut: r?.cut ?? [], stale: r?.stale ?? true, ...(r?.refused ? { refused: r.refused } : {}) };
    }),
  };
}
