// `.fieldcraft` model files: JSON holding the units, a reference to the design (or the design itself when it
// has no file, or for recovery), the mesh as base64 typed arrays, the definitions and (version 2) the results,
// deflated. Version 1 files (no results) still open; newer versions are refused, never guessed.
import path from "node:path";
import { formatIssues } from "@mcp-wrappers/wire";
import { z } from "zod";
import { FAMILIES, FAMILY_NAMES } from "../fem/families/index.js";
import { NODES_PER_ELEMENT, type Mesh } from "../mesh/types.js";
import { ModelError } from "../model/errors.js";
import type { Definitions, MeshState, Model } from "../model/types.js";
import { UNIT_SYSTEM_IDS } from "../model/units.js";
import { definitionsShape } from "../model/schemas.js";
import { datumAxisBySchema, datumPlaneBySchema } from "../model/datum-schemas.js";
import { decodeArray, encodeArray } from "./typed-arrays.js";
import { encodeResults, resultsSchema } from "./results-file.js";
import type { Caps } from "../base/caps.js";
import { LENGTH_UNIT_NAMES } from "../geometry/length-units.js";
import type { ImportedOptions } from "./design-file.js";

export const FILE_FORMAT = "fieldcraft/2";
export const FILE_VERSION = 2;

// Each stored definition has exactly the shape of the parameters of the command that creates it.
const definitionsSchema = z.object(definitionsShape).strict();

const faceTagSchema = z.object({ body: z.string(), face: z.string() }).strict();
const tieSchema = z
  .object({
    name: z.string(),
    slave: z.array(faceTagSchema),
    master: z.array(faceTagSchema),
    slaves: z.array(z.number().int().nonnegative()),
    masters: z.array(z.array(z.number().int().nonnegative())),
    weights: z.array(z.array(z.number())),
  })
  .strict();

const meshSchema = z
  .object({
    parameters: z
      .object({
        bodies: z.array(z.string()).optional(),
        size: z.number().positive().optional(),
        tolerance: z.number().positive().optional(),
        order: z.union([z.literal(1), z.literal(2)]),
        method: z.string().optional(),
        reduced: z.boolean().optional(),
        layers: z.number().int().positive().optional(),
        wedges: z.boolean().optional(),
        block: z.object({ name: z.string(), min: z.array(z.number()), max: z.array(z.number()), counts: z.array(z.number().int()) }).strict().optional(),
        mirror: z.object({ plane: z.string(), bodies: z.array(z.string()) }).strict().optional(),
        cells: z.object({ methods: z.record(z.string(), z.string()), sizes: z.record(z.string(), z.number()).optional() }).strict().optional(),
      })
      .strict(),
    type: z.enum(FAMILY_NAMES),
    bodies: z.array(z.string()),
    faceTags: z.array(z.object({ body: z.string(), face: z.string() }).strict()),
    nodes: z.string(),
    elements: z.string(),
    elementBody: z.string(),
    boundary: z.object({ element: z.string(), side: z.string(), tag: z.string() }).strict(),
    ties: z.array(tieSchema).optional(),
  })
  .strict();

const datumSchema = z.union([
  z.object({ name: z.string(), kind: z.literal("plane"), by: datumPlaneBySchema }).strict(),
  z.object({ name: z.string(), kind: z.literal("axis"), by: datumAxisBySchema }).strict(),
]);
const partitionSchema = z.object({ name: z.string(), datum: z.string(), bodies: z.array(z.string()).optional() }).strict();
const importOptionsSchema = z
  .object({ name: z.string().min(1).max(200), units: z.enum(["mm", "m"]), file_units: z.enum(LENGTH_UNIT_NAMES).optional(), feature_angle: z.number().min(0).max(180) })
  .strict();

const fileSchema = z
  .object({
    format: z.enum(["fieldcraft/1", FILE_FORMAT]),
    units: z.enum(UNIT_SYSTEM_IDS),
    design: z.union([
      z.null(),
      // `import`: an imported part (.stl, .3mf) is read again with the options it was imported with.
      // `units`: a design in another unit had its lengths converted into these (the model's) when it was opened.
      z.object({ path: z.string(), relative: z.string().optional(), import: importOptionsSchema.optional(), units: z.enum(["mm", "m"]).optional() }).strict(),
      // `path` with `embedded`: a recovery file keeps the design as it was in memory and where it came from.
      // `converted_from`: the design at `path` is in that unit; `embedded` holds it converted into the model's.
      z.object({ embedded: z.unknown(), path: z.string().optional(), converted_from: z.enum(["mm", "m"]).optional() }).strict(),
    ]),
    mesh: z.union([z.null(), meshSchema]),
    definitions: definitionsSchema,
    results_saved: z.boolean().optional(),
    results: resultsSchema.nullable().optional(),
    datums: z.array(datumSchema).optional(),
    partitions: z.array(partitionSchema).optional(),
    seeds: z
      .array(
        z
          .object({
            edges: z.array(z.object({ body: z.string(), edge: z.string() }).strict()),
            count: z.number().int().positive().optional(),
            size: z.number().positive().optional(),
            constraint: z.enum(["exact", "min", "free"]),
            bias: z.object({ ratio: z.number().min(1), toward: z.enum(["start", "end", "both"]) }).strict().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export type FieldcraftFile = z.infer<typeof fileSchema>;

export function encodeMesh(state: MeshState): z.infer<typeof meshSchema> {
  const m = state.mesh;
  return {
    parameters: { ...state.parameters },
    type: m.type,
    bodies: [...m.bodies],
    faceTags: m.faceTags.map((t) => ({ body: t.body, face: t.face })),
    nodes: encodeArray(m.nodes),
    elements: encodeArray(m.elements),
    elementBody: encodeArray(m.elementBody),
    boundary: { element: encodeArray(m.boundary.element), side: encodeArray(m.boundary.side), tag: encodeArray(m.boundary.tag) },
    ...(m.ties?.length ? { ties: structuredClone(m.ties) } : {}),
  };
}

export interface SerializeOptions {
  /** Store the results (default true); without them the file is smaller and opens unsolved. */
  results?: boolean;
  /** Store the design itself even when it has a file (recovery: the design exactly as it was in memory). */
  embedDesign?: boolean;
}

/** The file's JSON text. `filePath` is where it goes, so the design can also be found relative to it. */
export function serializeModel(model: Model, filePath: string, options: SerializeOptions = {}): string {
  const design = model.design
    ? model.design.path && !options.embedDesign
      ? {
          path: model.design.path,
          relative: path.relative(path.dirname(filePath), model.design.path),
          ...importedOptions(model.design.source),
          ...(model.design.convertedFrom ? { units: model.design.design.units } : {}),
        }
      : { embedded: model.design.source, ...(model.design.path ? { path: model.design.path } : {}), ...(model.design.convertedFrom ? { converted_from: model.design.convertedFrom } : {}) }
    : null;
  const results = options.results === false ? null : encodeResults(model);
  const file: FieldcraftFile = {
    format: FILE_FORMAT,
    units: model.units,
    design,
    mesh: model.mesh ? encodeMesh(model.mesh) : null,
    definitions: model.definitions as FieldcraftFile["definitions"],
    results_saved: results !== null,
    results,
    ...(model.seeds?.length ? { seeds: structuredClone(model.seeds) as FieldcraftFile["seeds"] } : {}),
    ...(model.datums?.length ? { datums: structuredClone(model.datums) } : {}),
    ...(model.partitions?.length ? { partitions: structuredClone(model.partitions) } : {}),
  };
  return JSON.stringify(file) + "\n";
}

/** Parses and validates the file's text; newer versions and other formats are refused by name. */
export function parseModelFile(text: string, param: string): FieldcraftFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelError(`${param}: not a FieldCraft model file (not JSON: ${(error as Error).message})`);
  }
  const format = json !== null && typeof json === "object" ? (json as { format?: unknown }).format : undefined;
  const match = typeof format === "string" ? /^fieldcraft\/(\d+)$/.exec(format) : null;
  if (!match) throw new ModelError(`${param}: not a FieldCraft model file (its "format" is ${JSON.stringify(format) ?? "missing"}, expected "${FILE_FORMAT}")`);
  const version = Number(match[1]);
  if (version > FILE_VERSION) {
    throw new ModelError(`${param}: the file is ${format}, written by a newer FieldCraft; this engine reads ${FILE_FORMAT} and older`, { format });
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ModelError(`${param}: damaged FieldCraft model file: ${formatIssues(parsed.error.issues, json, { root: "file", noun: "field" }, 3)}`);
  }
  return parsed.data;
}

/** Rebuilds the mesh and checks every index, since the file may be damaged or hostile. */
export function decodeMesh(stored: z.infer<typeof meshSchema>, caps: Caps): MeshState {
  const what = "mesh";
  const nodes = decodeArray(Float64Array, stored.nodes, `${what}.nodes`);
  const elements = decodeArray(Int32Array, stored.elements, `${what}.elements`);
  const elementBody = decodeArray(Int32Array, stored.elementBody, `${what}.elementBody`);
  const boundary = {
    element: decodeArray(Int32Array, stored.boundary.element, `${what}.boundary.element`),
    side: decodeArray(Uint8Array, stored.boundary.side, `${what}.boundary.side`),
    tag: decodeArray(Int32Array, stored.boundary.tag, `${what}.boundary.tag`),
  };
  const per = NODES_PER_ELEMENT[stored.type];
  const nNodes = nodes.length / 3;
  const nElements = elements.length / per;
  const fail = (m: string) => {
    throw new ModelError(`damaged FieldCraft model file: ${what}: ${m}`);
  };
  if (!Number.isInteger(nNodes)) fail("node coordinates are not a multiple of 3");
  if (!Number.isInteger(nElements)) fail(`element connectivity is not a multiple of ${per}`);
  if (nNodes > caps.maxNodes) fail(`${nNodes} nodes exceed the cap maxNodes (${caps.maxNodes})`);
  if (nElements > caps.maxElements) fail(`${nElements} elements exceed the cap maxElements (${caps.maxElements})`);
  if (!nodes.every(Number.isFinite)) fail("a node coordinate is not a finite number");
  if (!elements.every((n) => n >= 0 && n < nNodes)) fail("an element refers to a node that does not exist");
  if (elementBody.length !== nElements || !elementBody.every((b) => b >= 0 && b < stored.bodies.length)) fail("element bodies do not match the elements");
  const nFacets = boundary.element.length;
  if (boundary.side.length !== nFacets || boundary.tag.length !== nFacets) fail("boundary arrays differ in length");
  if (!boundary.element.every((e) => e >= 0 && e < nElements)) fail("a boundary facet refers to an element that does not exist");
  const sides = FAMILIES[stored.type].faces.length;
  if (!boundary.side.every((s) => s < sides)) fail(`a boundary facet has a side other than 0..${sides - 1}`);
  if (!boundary.tag.every((t) => t >= 0 && t < stored.faceTags.length)) fail("a boundary facet has a face tag that does not exist");
  if (stored.ties?.some((t) => [...t.slaves, ...t.masters.flat()].some((n) => n >= nNodes))) fail("a tie refers to a node that does not exist");
  const mesh: Mesh = { type: stored.type, nodes, elements, elementBody, bodies: stored.bodies, boundary, faceTags: stored.faceTags, ...(stored.ties?.length ? { ties: stored.ties } : {}) };
  return { mesh, parameters: stored.parameters };
}

export function definitionsOf(file: FieldcraftFile): Definitions {
  return file.definitions as Definitions;
}

/** The options an imported part's design was made with (its `source` says), for the file's `import`. */
function importedOptions(source: unknown): { import?: ImportedOptions } {
  const imported = (source as { imported?: ImportedOptions } | null)?.imported;
  if (!imported) return {};
  const { name, units, file_units, feature_angle } = imported;
  return { import: { name, units, ...(file_units ? { file_units } : {}), feature_angle } };
}
