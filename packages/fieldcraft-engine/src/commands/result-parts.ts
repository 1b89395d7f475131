// Building blocks of the commands' result schemas. Results are what the session hands back (in memory), and the
// catalogue publishes them as JSON Schema of their JSON form; both read the same zod schema. Objects are closed
// in the JSON Schema (zod's output side), vectors are fixed-length arrays (not tuples: MCP clients compile these
// schemas with JSON Schema validators of several drafts), and bytes are base64 strings on the wire.
import { z } from "zod";
import { UNIT_SYSTEM_IDS } from "../model/units.js";
import { boundaryConditionSchema, loadSchema, materialSchema, sectionSchema, setSchema, stepSchema } from "../model/schemas.js";

/** x, y, z. */
export const vec3 = z.array(z.number()).length(3);

/** Bytes in memory (a Uint8Array), base64 in JSON: encoded once, where the value leaves the process. */
export function bytes(description: string, mediaType: string) {
  return z
    .custom<Uint8Array>((v) => v instanceof Uint8Array, { message: "expected bytes (a Uint8Array)" })
    .meta({ type: "string", contentEncoding: "base64", contentMediaType: mediaType, description });
}

/** A node id and the value there. */
export const nodeValue = z.object({ node: z.number().int().positive().describe("1-based node id"), value: z.number() });

export const unitSystemResult = z
  .object({
    id: z.string().describe(`One of ${UNIT_SYSTEM_IDS.join(", ")}`),
    description: z.string(),
    units: z.record(z.string(), z.string()).describe("The unit of each dimension"),
  })
  .describe("The model's consistent unit system");

export const meshParametersResult = z.object({
  bodies: z.array(z.string()).optional(),
  size: z.number().optional(),
  tolerance: z.number().optional(),
  order: z.union([z.literal(1), z.literal(2)]),
});

export const meshInfoResult = z
  .object({
    type: z.string().describe("Element type (C3D4, C3D10, ...)"),
    nodes: z.number().int().nonnegative(),
    elements: z.number().int().nonnegative(),
    bodies: z.array(z.string()),
    parameters: meshParametersResult,
  })
  .nullable()
  .describe("The mesh, or null");

export const designInfoResult = z.object({ path: z.string().nullable(), bodies: z.array(z.string()) }).nullable().describe("The design, or null");

export const countsResult = z
  .record(z.string(), z.number().int().nonnegative())
  .describe("bodies, nodes, elements, one count per definition kind, results");

export const definitionsResult = z.object({
  sets: z.array(setSchema),
  materials: z.array(materialSchema),
  sections: z.array(sectionSchema),
  boundary_conditions: z.array(boundaryConditionSchema),
  loads: z.array(loadSchema),
  steps: z.array(stepSchema),
});

export const checkItemResult = z.object({ item: z.string(), message: z.string(), command: z.string().optional() });

export const cameraResult = z
  .object({
    view: z.string().nullable().describe("The standard view the orientation came from, or null"),
    yaw: z.number(),
    pitch: z.number(),
    distance: z.number().optional(),
  })
  .describe("The kept camera");

export const checkReportResult = z.object({
  ok: z.boolean(),
  errors: z.array(checkItemResult),
  warnings: z.array(checkItemResult),
  progress: z.object({
    stages: z.array(z.object({ stage: z.string(), done: z.boolean(), command: z.string() })),
    next: z.object({ stage: z.string(), command: z.string() }).nullable(),
  }),
});

export const nodeReportResult = z.object({
  node: z.number().int().positive(),
  coordinates: vec3,
  displacement: z.object({ u1: z.number(), u2: z.number(), u3: z.number(), magnitude: z.number() }),
  stress: z.object({ s11: z.number(), s22: z.number(), s33: z.number(), s12: z.number(), s13: z.number(), s23: z.number() }),
  von_mises: z.number(),
  reaction: vec3,
});
