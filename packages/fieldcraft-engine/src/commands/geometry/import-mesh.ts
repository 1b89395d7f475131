import { z } from "zod";
import { readImportedDesign } from "../../files/design-file.js";
import type { Model } from "../../model/types.js";
import { emptyModel } from "../../model/types.js";
import { filePath } from "../params.js";
import { LENGTH_UNIT_NAMES } from "../../geometry/length-units.js";
import { lengthUnit } from "../../model/units.js";
import { defineCommand } from "../types.js";

export const geometryImportMeshCommand = defineCommand({
  id: "geometry.import.mesh",
  label: "Import part",
  description:
    "Imports a closed triangulated part from `.3mf` (core: objects, components, build items with transforms, the model's `unit`) or `.stl` (ASCII or binary) as the model's design (a new model). The surface must be closed, manifold and free of self-intersections; otherwise the command refuses naming what is wrong and where. Faces are regions bounded by feature edges (normals turning by more than `feature_angle`), named S1, S2, ... by decreasing area; edges `S1|S2`. Coordinates are converted from the file's unit (`units`; STL: default mm; 3MF: default its `unit` attribute) into the model's length unit (model.units). Mesh it with `mesh.tet.generate`.",
  params: z
    .object({
      path: filePath("Path of the `.3mf` or `.stl` file"),
      name: z.string().min(1).max(200).optional().describe("Body name (default: the file's name); several shells give `<name>-1`, `<name>-2`, ..."),
      units: z
        .enum(LENGTH_UNIT_NAMES)
        .optional()
        .describe("The unit the file's numbers are in: um, mm, cm, in, ft or m. STL: default mm. 3MF: default its `unit` attribute; a unit given that disagrees with the attribute is used, with a warning naming both"),
      feature_angle: z.number().min(0).max(180).default(30).describe("Degrees: edges where the surface turns by more separate faces"),
    })
    .strict(),
  result: z.object({
    path: z.string(),
    format: z.string().describe("stl-ascii, stl-binary or 3mf"),
    units: z.string().describe("The design's length unit: the model's, the file's coordinates converted into it"),
    file_unit: z.string().describe("The unit the file's numbers were read in (given, declared by the 3MF, or STL's default mm)"),
    triangles: z.number().int().nonnegative(),
    bodies: z.array(z.object({ name: z.string(), volume: z.number(), faces: z.array(z.object({ name: z.string(), area: z.number() })), edges: z.number().int().nonnegative() })),
    warnings: z.array(z.string()).describe("What was repaired (collapsed triangles dropped, orientation turned), and a 3MF unit overridden by `units`"),
  }),
  requires: [],
  effects: { mutates: true, reads: true, writes: false },
  async run(ctx, params) {
    const imported = await readImportedDesign(ctx.files, params.path, "params.path", ctx.caps.maxFileBytes, {
      ...(params.name !== undefined ? { name: params.name } : {}),
      units: lengthUnit(ctx.model.units),
      ...(params.units !== undefined ? { fileUnits: params.units } : {}),
      featureAngle: params.feature_angle,
    });
    const { state, info } = imported;
    const next: Model = { ...emptyModel(), units: ctx.model.units, design: state };
    return {
      result: {
        path: state.path!,
        format: info.format,
        units: state.design.units,
        file_unit: info.fileUnit,
        triangles: info.triangles,
        bodies: state.design.bodies.map((b) => ({ name: b.name, volume: b.volume, faces: b.faces.map((f) => ({ name: f.name, area: f.area })), edges: b.edges.length })),
        warnings: info.warnings,
      },
      model: next,
      file: null,
    };
  },
});
