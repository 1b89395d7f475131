// Imported parts: `.stl` and `.3mf` bytes to design bodies of kind "mesh" (validated, faces named).
import type { Design } from "../types.js";
import { shellsToBodies } from "./bodies.js";
import { IMPORT_LIMITS } from "./limits.js";
import { readStl } from "./stl.js";
import { read3mf } from "./threemf.js";
import { lengthFactor, THREEMF_UNITS, type LengthUnit } from "../length-units.js";
import { validateSurface } from "./validate.js";
import { weld } from "./weld.js";

export { IMPORT_LIMITS } from "./limits.js";
export { readStl } from "./stl.js";
export { read3mf } from "./threemf.js";
export { validateSurface, selfIntersections } from "./validate.js";
export { weld } from "./weld.js";
export { nameFaces } from "./faces.js";

export interface ImportOptions {
  /** Body name (several bodies get `-1`, `-2`, ...). */
  name: string;
  /** Length unit of the design made (the model's): the file's coordinates are converted to it. Default mm. */
  units?: "mm" | "m";
  /**
   * The unit the file's numbers are in. STL says nothing, so the default is mm; a 3MF's `unit` attribute is
   * the default there, and a given unit that disagrees with it wins, with a warning naming both.
   */
  fileUnits?: LengthUnit;
  featureAngle?: number;
}

export type ImportResult =
  | { ok: true; design: Design; warnings: string[]; format: "stl-ascii" | "stl-binary" | "3mf"; triangles: number; fileUnit: LengthUnit }
  | { ok: false; error: string };

export function importMesh(bytes: Uint8Array, kind: "stl" | "3mf", o: ImportOptions): ImportResult {
  let coords: Float64Array;
  let format: "stl-ascii" | "stl-binary" | "3mf";
  const units = o.units ?? "mm";
  let fileUnit: LengthUnit = o.fileUnits ?? "mm";
  const notes: string[] = [];
  if (kind === "stl") {
    const r = readStl(bytes, IMPORT_LIMITS.maxTriangles);
    if (!r.ok) return r;
    coords = r.soup.coords;
    format = r.format === "binary" ? "stl-binary" : "stl-ascii";
  } else {
    const r = read3mf(bytes);
    if (!r.ok) return r;
    const declared = THREEMF_UNITS[r.model.unit];
    fileUnit = o.fileUnits ?? declared;
    if (o.fileUnits !== undefined && o.fileUnits !== declared && r.model.declared) {
      notes.push(`the file declares unit="${r.model.unit}" (${declared}); its coordinates were read in ${o.fileUnits} as asked`);
    }
    coords = r.model.coords;
    format = "3mf";
  }
  const scale = lengthFactor(fileUnit, units);
  if (scale !== 1) for (let i = 0; i < coords.length; i++) coords[i] *= scale;
  const welded = weld(coords);
  const valid = validateSurface(welded);
  if (!valid.ok) return valid;
  const bodies = shellsToBodies(valid.positions, valid.triangles, valid.shells, o.name, o.featureAngle ?? 30);
  return { ok: true, design: { format: "solidcraft/1", units, bodies }, warnings: [...notes, ...valid.warnings], format, triangles: valid.triangles.length / 3, fileUnit };
}
