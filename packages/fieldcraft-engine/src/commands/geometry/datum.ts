// `geometry.datum` and `geometry.datum.axis`: named planes and axes, part of the model (saved, undoable).
import { z } from "zod";
import { datumAxis, datumPlane } from "../../geometry/datum.js";
import { ModelError } from "../../model/errors.js";
import type { DatumDefinition } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { itemName } from "../params.js";
import { datumAxisBySchema, datumPlaneBySchema } from "../../model/datum-schemas.js";
import { vec3 } from "../result-parts.js";
import { defineCommand } from "../types.js";


function addDatum(model: Model, datum: DatumDefinition): Model {
  if ((model.datums ?? []).some((d) => d.name === datum.name)) throw new ModelError(`params.name: a datum named \`${datum.name}\` exists already; choose another name`);
  return { ...model, datums: [...(model.datums ?? []), datum] };
}

export const geometryDatumCommand = defineCommand({
  id: "geometry.datum",
  label: "Datum plane",
  description:
    "A named datum plane for partitions, mirrors and symmetry conditions: a principal plane moved along its normal (`offset`: xy has normal +z, yz +x, zx +y), three points, or a point and a normal. The reply gives its point and unit normal.",
  params: z.object({ name: itemName("Datum name"), by: datumPlaneBySchema }).strict(),
  result: z.object({ datum: z.string(), point: vec3, normal: vec3.describe("Unit normal; partition cell a lies on its negative side") }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const made = datumPlane(params.by);
    if (!made.ok) throw new ModelError(`params.by.${made.error}`);
    const model = addDatum(ctx.model, { name: params.name, kind: "plane", by: params.by });
    return { result: { datum: params.name, point: [...made.plane.point], normal: [...made.plane.normal] }, model };
  },
});

export const geometryDatumAxisCommand = defineCommand({
  id: "geometry.datum.axis",
  label: "Datum axis",
  description: "A named datum axis: a principal axis (through a point), two points, or a point and a direction. The reply gives its point and unit direction.",
  params: z.object({ name: itemName("Datum name"), by: datumAxisBySchema }).strict(),
  result: z.object({ datum: z.string(), point: vec3, direction: vec3 }),
  requires: [],
  effects: { mutates: true, reads: false, writes: false },
  run(ctx, params) {
    const made = datumAxis(params.by);
    if (!made.ok) throw new ModelError(`params.by.${made.error}`);
    const model = addDatum(ctx.model, { name: params.name, kind: "axis", by: params.by });
    return { result: { datum: params.name, point: [...made.axis.point], direction: [...made.axis.direction] }, model };
  },
});
