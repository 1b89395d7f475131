// Small builders for parameter schemas, so every definition and command documents its fields and their physical
// dimensions alike.
import { z } from "zod";
import type { Dimension } from "./units.js";

/** A finite number carrying a physical dimension (`x-dimension` in the JSON Schema). */
export function quantity(dimension: Dimension, description: string) {
  return z.number().finite().meta({ "x-dimension": dimension, description });
}

/** A name of a model item: non-empty, no control characters, bounded. */
export function itemName(description: string) {
  return z
    .string()
    .min(1)
    .max(200)
    .regex(/^[^\u0000-\u001f\u007f]*$/, "must not contain control characters")
    .describe(description);
}

/** A file path. */
export function filePath(description: string) {
  return z.string().min(1).max(4096).describe(description);
}

export const targetSchema = z.object({ set: itemName("Name of the set (model.set.create)") }).strict().describe("What it applies to");

export const vector3 = (dimension: Dimension, description: string) =>
  z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]).meta({ "x-dimension": dimension, description });

export const noParams = z.object({}).strict();

/** The translation components a condition may prescribe (a mesh set's, or a reference point's with its rotations). */
export const displacementComponents = () => ({
  u1: quantity("length", "Displacement along x").optional(),
  u2: quantity("length", "Displacement along y").optional(),
  u3: quantity("length", "Displacement along z").optional(),
});
