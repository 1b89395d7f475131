// Building blocks of the commands' result schemas. Results are what the session hands back (in memory), and the
// catalogue publishes them as JSON Schema of their JSON form; both read the same zod schema. Objects are closed
// in the JSON Schema (zod's output side), vectors are fixed-length arrays (not tuples: MCP clients compile these
// schemas with JSON Schema validators of several drafts), and bytes are base64 strings on the wire.
import { z } from "zod";
import { UNIT_SYSTEM_IDS } from "../model/units.js";
import { definitionsShape } from "../model/schemas.js";

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
  method: z.string().optional().describe("The mesher when not the tet mesher: hex_mapped, hex_blocks, hex_sweep, hex or block"),
  reduced: z.boolean().optional(),
  layers: z.number().int().positive().optional().describe("mesh.hex_sweep's layers when given"),
  wedges: z.boolean().optional().describe("mesh.hex_sweep made wedges"),
  block: z.object({ name: z.string(), min: vec3, max: vec3, counts: z.array(z.number().int().positive()).length(3) }).optional().describe("mesh.block's block"),
  mirror: z.object({ plane: z.string(), bodies: z.array(z.string()) }).optional().describe("mesh.mirror applied to the mesh"),
  cells: z.object({ methods: z.record(z.string(), z.string()), sizes: z.record(z.string(), z.number()).optional() }).optional().describe("mesh.cells: the method (and size) of each cell"),
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

export const definitionsResult = z.object(definitionsShape);

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
  velocity: vec3.optional().describe("Explicit frames"),
  acceleration: vec3.optional().describe("Explicit frames"),
});

/** A heat step's node report (solve.probe): temperature, heat flux -k grad T and the reaction heat flow. */
export const heatNodeReportResult = z.object({
  node: z.number().int().positive(),
  coordinates: vec3,
  temperature: z.number(),
  heat_flux: z.object({ q1: z.number(), q2: z.number(), q3: z.number(), magnitude: z.number() }),
  reaction_heat_flow: z.number(),
});

export const fluidNodeReportResult = z.object({
  node: z.number().int().positive(),
  coordinates: vec3,
  velocity: z.object({ v1: z.number(), v2: z.number(), v3: z.number(), magnitude: z.number() }),
  pressure: z.number(),
  vorticity: z.number(),
});

/** The smallest and largest value of a field and where. */
export const nodeRange = z.object({ min: nodeValue, max: nodeValue });

/** What the linear (or eigen) solver did for one step. */
export const solverResult = z.object({
  name: z.string(),
  dofs: z.number().int().nonnegative(),
  free_dofs: z.number().int().nonnegative(),
  iterations: z.number().int().nonnegative(),
  relative_residual: z.number(),
  seconds: z.number(),
});

/** Per direction: translations x, y, z and rotations rx, ry, rz about the global axes through the origin. */
export const perDirection = z.object({ x: z.number(), y: z.number(), z: z.number(), rx: z.number(), ry: z.number(), rz: z.number() });

/** Edge references of mesh seeds. */
export const edgeRef = z.object({ body: z.string(), edge: z.string() });

/** A seed's bias: largest over smallest division and where the smallest go. */
export const seedBias = z.object({ ratio: z.number(), toward: z.enum(["start", "end", "both"]) });

/** One recoverable model as file.recovery.list describes it. */
export const recoveryEntryResult = z.object({
  id: z.string(),
  original_path: z.string().nullable().describe("The model's own file, or null"),
  saved_at: z.string().describe("ISO time of the autosave"),
  commands: z.number().int().nonnegative().describe("Commands since the model's last save"),
  live: z.boolean().describe("The process that autosaves it is still running"),
  own: z.boolean().describe("This session's own autosave"),
});

/** What the hexahedral meshers and mesh.block report. */
/** Partition interfaces of a mesh whose cells were meshed apart: merged node for node, or tied. */
export const interfaceReports = z
  .array(
    z.object({
      partition: z.string(),
      kind: z.enum(["merged", "tied"]),
      nodes: z.number().int().describe("Merged: nodes joined; tied: slave nodes constrained"),
      sides: z.object({ a: z.array(z.string()), b: z.array(z.string()) }),
      slave: z.enum(["a", "b"]).optional(),
      unmatched: z.number().int().optional().describe("Tied: slave nodes on no master face (never left free: such a mesh is refused)"),
    }),
  )
  .describe("Each partition's cut between the cells: merged (one node per point) or tied (the finer side follows the coarser side's faces)");

export const hexMeshStatsResult = z.object({
  type: z.enum(["C3D8", "C3D8R", "C3D20", "C3D20R", "C3D6", "C3D15"]),
  elements: z.number().int().nonnegative(),
  nodes: z.number().int().nonnegative(),
  boundaryFacets: z.number().int().nonnegative(),
  seconds: z.number(),
  interfaces: interfaceReports.optional(),
  bodies: z.array(
    z.object({
      name: z.string(),
      method: z.string().describe("mapped, blocks, sweep (hex meshers) or block (mesh.block)"),
      size: z.number().optional(),
      blocks: z.number().int().nonnegative().optional(),
      elements: z.number().int().nonnegative(),
      nodes: z.number().int().nonnegative(),
      intervals: z.array(z.array(z.number().int().positive())).optional().describe("Divisions per grid interval along x, y, z"),
      seeds: z.array(z.object({ seed: z.number().int().positive(), edge: z.string(), count: z.number().int().positive() })).optional().describe("The edge seeds that set a count"),
      layers: z.number().int().positive().optional().describe("Sweep: layers along the extrusion"),
      quads: z
        .object({ count: z.number().int().nonnegative(), min: z.number(), mean: z.number(), below: z.number().int().nonnegative(), threshold: z.number() })
        .optional()
        .describe("Sweep: scaled Jacobian of the profile's quadrilaterals (1 for a rectangle), and how many fall below threshold"),
    }),
  ),
});
