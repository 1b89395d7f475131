// The `.solidcraft` version 1 schema: the shape of a design file before any geometry is built.
import { z } from "zod";

/** Limits that keep a hostile design from costing unbounded time or memory. */
export const DESIGN_LIMITS = {
  bodies: 100,
  featuresPerBody: 200,
  profilePoints: 2000,
  nameLength: 100,
  /** Largest coordinate magnitude (in the design's units). */
  coordinate: 1e9,
  /** Smallest distance between distinct coordinates, relative to the body's size. */
  relativeGap: 1e-9,
} as const;

const finite = z
  .number()
  .refine(Number.isFinite, { message: "must be a finite number" })
  .refine((v) => Math.abs(v) <= DESIGN_LIMITS.coordinate, { message: `must be between -${DESIGN_LIMITS.coordinate} and ${DESIGN_LIMITS.coordinate}` });
const vec3 = z.tuple([finite, finite, finite]);
const vec2 = z.tuple([finite, finite]);

// Feature ids become parts of face names (`F1:+x`, `A|B~2`, `F1:-z#2`), so the separators are kept out.
const featureId = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, {
    message: "must start with a letter and hold only letters, digits and '_' (e.g. \"F1\")",
  })
  .max(DESIGN_LIMITS.nameLength);

// Body names appear in face tags and cell names (`Part/a`), so '/' and '|' are kept out.
const bodyName = z
  .string()
  .min(1, { message: "must not be empty" })
  .max(DESIGN_LIMITS.nameLength)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^/|\u0000-\u001f]+$/, { message: "must not contain '/', '|' or control characters" })
  .refine((s) => s.trim() === s, { message: "must not start or end with spaces" });

export const boxFeatureSchema = z
  .strictObject({ id: featureId, type: z.literal("box"), min: vec3, max: vec3 })
  .superRefine((box, ctx) => {
    for (let a = 0; a < 3; a++) {
      if (!(box.max[a] > box.min[a])) {
        ctx.addIssue({
          code: "custom",
          path: ["max", a],
          message: `must be greater than min[${a}] (${box.min[a]}): a box needs positive size along ${"xyz"[a]}`,
        });
      }
    }
  });

export const extrudeFeatureSchema = z
  .strictObject({
    id: featureId,
    type: z.literal("extrude"),
    plane: z.enum(["xy", "yz", "zx"]),
    profile: z.array(vec2).min(3, { message: "needs at least 3 points" }).max(DESIGN_LIMITS.profilePoints),
    from: finite,
    to: finite,
  })
  .superRefine((ex, ctx) => {
    if (ex.from === ex.to) {
      ctx.addIssue({ code: "custom", path: ["to"], message: `must differ from "from" (${ex.from}): zero thickness` });
    }
  });

export const featureSchema = z.discriminatedUnion("type", [boxFeatureSchema, extrudeFeatureSchema], {
  error: (issue) =>
    issue.code === "invalid_union" ? 'needs "type": "box" or "extrude"' : undefined,
});

export const bodySchema = z.strictObject({
  name: bodyName,
  features: z
    .array(featureSchema)
    .min(1, { message: "needs at least one feature" })
    .max(DESIGN_LIMITS.featuresPerBody),
});

export const designSchema = z.strictObject({
  format: z.literal("solidcraft/1"),
  units: z.enum(["mm", "m"]),
  bodies: z.array(bodySchema).min(1, { message: "needs at least one body" }).max(DESIGN_LIMITS.bodies),
});

export type DesignFile = z.infer<typeof designSchema>;
