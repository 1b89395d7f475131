// How datum planes and axes are given: the parameters of geometry.datum / geometry.datum.axis and their stored form.
import { z } from "zod";
import { quantity, vector3 } from "./schema-parts.js";

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

