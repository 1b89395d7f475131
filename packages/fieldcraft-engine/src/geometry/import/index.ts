// Imported parts: `.stl` and `.3mf` bytes to design bodies of kind "mesh" (validated, faces named).
import type { Design } from "../types.js";
import { shellsToBodies } from "./bodies.js";
import { IMPORT_LIMITS } from "./limits.js";
import { readStl } from "./stl.js";
import { read3mf, UNIT_MM } from "./threemf.js";
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
  /** Length unit of the design; STL numbers are taken to be in it, 3MF coordinates are converted to it. */
  units?: "mm" | "m";
  featureAngle?: number;
}

export type ImportResult =
  | { ok: true; design: Design; warnings: string[]; format: "stl-ascii" | "stl-binary" | "3mf"; triangles: number; fileUnit: string }
  | { ok: false; error: string };

export function importMesh(bytes: Uint8Array, kind: "stl" | "3mf", o: ImportOptions): ImportResult {
  let coords: Float64Array;
  let format: "stl-ascii" | "stl-binary" | "3mf";
  let units: "mm" | "m" = o.units ?? "mm";
  let fileUnit = units === "m" ? "meter" : "millimeter";
  if (kind === "stl") {
    const r = readStl(bytes, IMPORT_LIMITS.maxTriangles);
    if (!r.ok) return r;
    coords = r.soup.coords;
    format = r.format === "binary" ? "stl-binary" : "stl-ascii";
  } else {
    const r = read3mf(bytes);
    if (!r.ok) return r;
    fileUnit = r.model.unit;
    if (o.units === undefined) units = r.model.unit === "meter" ? "m" : "mm";
    const scale = UNIT_MM[r.model.unit] / (units === "m" ? 1000 : 1);
    coords = r.model.coords;
    if (scale !== 1) for (let i = 0; i < coords.length; i++) coords[i] *= scale;
    format = "3mf";
  }
  const welded = weld(coords);
  const valid = validateSurface(welded);
  if (!valid.ok) return valid;
  const bodies = shellsToBodies(valid.positions, valid.triangles, valid.shells, o.name, o.featureAngle ?? 30);
  return { ok: true, design: { format: "solidcraft/1", units, bodies }, warnings: valid.warnings, format, triangles: valid.triangles.length / 3, fileUnit };
}
