// `geometry.datum` and `geometry.datum.axis`: named planes and axes, part of the model (saved, undoable).
import { z } from "zod";
import { datumAxis, datumPlane } from "../../geometry/datum.js";
import { ModelError } from "../../model/errors.js";
import type { DatumDefinition } from "../../model/partitions.js";
import type { Model } from "../../model/types.js";
import { itemName, quantity, vector3 } from "../params.js";
import { vec3 } from "../result-parts.js";
import { defineCommand } from "../types.js";

const point = (what: string) => vector3("length", what);

export const datumPlaneBySchema = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("offset").describe("A principal plane moved along its normal"),
        plane: z.enum(["xy", "yz", "zx"]).describe("Principal plane; its normal is z, x or y"),
        offset: quantity("length", "Distance along the normal from the origin"),
      })
      .strict(),
    z.object({ type: z.literal("points").describe("Through three points; normal (p2 - p1) x (p3 - p1)"), points: z.tuple([point("p1"), point("p2"), point("p3")]).describe("Three points not on one line") }).strict(),
    z.object({ type: z.literal("point_normal").describe("Through a point with a normal"), point: point("A point of the plane"), normal: vector3("length", "Normal direction (any length but zero)") }).strict(),
  ])
  .describe("How the plane is given");

export const datumAxisBySchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("principal").describe("A principal axis"), axis: z.enum(["x", "y", "z"]), through: point("A point the axis passes through (default the origin)").optional() }).strict(),
    z.object({ type: z.literal("points").describe("Through two points"), points: z.tuple([point("p1"), point("p2")]).describe("Two distinct points") }).strict(),
    z.object({ type: z.literal("point_direction").describe("Through a point along a direction"), point: point("A point of the axis"), direction: vector3("length", "Direction (any length but zero)") }).strict(),
  ])
  .describe("How the axis is given");

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
