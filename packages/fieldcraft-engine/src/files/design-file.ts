// Designs through FileAccess: the path is checked, then the `.solidcraft` text read and built by the geometry parser.
import { parseSolidcraft } from "../geometry/parse.js";
import { ModelError } from "../model/errors.js";
import type { DesignState } from "../model/types.js";
import type { FileAccess } from "../base/file-access.js";
import { allowedRead, readTextChecked } from "./checked-io.js";
import { importMesh } from "../geometry/import/index.js";
import { convertDesignFile } from "../geometry/convert-design.js";
import type { LengthUnit } from "../geometry/length-units.js";
import type { DesignFile } from "../geometry/schema.js";
import * as fs from "node:fs/promises";
import * as path from "node:path";

/** How an imported part was read: the body name, the design's unit, the file's unit and the feature angle. */
export interface ImportedOptions {
  name: string;
  units: "mm" | "m";
  /** The unit the file's numbers were read in (absent in older files: STL in `units`, 3MF in its own). */
  file_units?: LengthUnit;
  feature_angle: number;
}

/**
 * A `.solidcraft` design or an imported part. `units` is the model's length unit: a design in another unit
 * has its lengths converted into it (the state says from what); an imported part is converted into it.
 */
export async function readDesign(files: FileAccess, p: string, param: string, maxBytes: number, imported?: ImportedOptions, units?: "mm" | "m"): Promise<DesignState> {
  // An imported part saved in a model is read again from its file with the options it was imported with.
  if (importKind(p)) {
    const o = imported
      ? { name: imported.name, units: imported.units, fileUnits: imported.file_units ?? (importKind(p) === "stl" ? imported.units : undefined), featureAngle: imported.feature_angle }
      : { ...(units ? { units } : {}) };
    return (await readImportedDesign(files, p, param, maxBytes, o)).state;
  }
  const { path, text } = await readTextChecked(files, p, param, maxBytes);
  const parsed = parseSolidcraft(text);
  if (!parsed.ok) throw new ModelError(`${param}: ${path}: ${parsed.error}`);
  return inUnits({ path, source: JSON.parse(text), design: parsed.design }, units, `${param}: ${path}`);
}

/** The design with its lengths in `units` (unchanged when already in them, or when no unit is asked for). */
function inUnits(state: DesignState, units: "mm" | "m" | undefined, what: string): DesignState {
  if (!units || state.design.units === units) return state;
  const source = convertDesignFile(state.source as DesignFile, units);
  const parsed = parseSolidcraft(JSON.stringify(source));
  if (!parsed.ok) throw new ModelError(`${what}: in ${units} (converted from ${state.design.units}): ${parsed.error}`);
  return { ...state, source, design: parsed.design, convertedFrom: state.design.units };
}

/** A design held in memory (a sample, or one embedded in a `.fieldcraft` file). */
export function designFromSource(source: unknown, what: string): DesignState {
  const parsed = parseSolidcraft(JSON.stringify(source));
  if (!parsed.ok) throw new ModelError(`${what}: ${parsed.error}`);
  return { source, design: parsed.design };
}

export function importKind(p: string): "stl" | "3mf" | null {
  const ext = path.extname(p).toLowerCase();
  return ext === ".stl" ? "stl" : ext === ".3mf" ? "3mf" : null;
}

/** A `.stl` or `.3mf` part through FileAccess, validated and with named faces. */
export async function readImportedDesign(
  files: FileAccess,
  p: string,
  param: string,
  maxBytes: number,
  o: { name?: string; units?: "mm" | "m"; fileUnits?: LengthUnit; featureAngle?: number },
): Promise<{ state: DesignState; info: { format: string; fileUnit: LengthUnit; triangles: number; warnings: string[] } }> {
  const kind = importKind(p);
  if (!kind) throw new ModelError(`${param}: ${p}: expected a .stl or .3mf file`);
  const abs = allowedRead(files, p, param);
  let bytes: Uint8Array;
  try {
    const stat = await fs.stat(abs);
    if (!stat.isFile()) throw new ModelError(`${param}: not a file: ${abs}`);
    if (stat.size > maxBytes) throw new ModelError(`${param}: ${abs} is ${stat.size} bytes, over the cap maxFileBytes (${maxBytes})`);
    bytes = new Uint8Array(await fs.readFile(abs));
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(`${param}: cannot read ${abs}: ${(error as Error).message}`);
  }
  const name = o.name ?? path.basename(abs, path.extname(abs));
  const r = importMesh(bytes, kind, { name, ...(o.units ? { units: o.units } : {}), ...(o.fileUnits ? { fileUnits: o.fileUnits } : {}), ...(o.featureAngle !== undefined ? { featureAngle: o.featureAngle } : {}) });
  if (!r.ok) throw new ModelError(`${param}: ${abs}: ${r.error}`);
  const imported: ImportedOptions = { name, units: r.design.units, file_units: r.fileUnit, feature_angle: o.featureAngle ?? 30 };
  return { state: { path: abs, source: { imported: { path: abs, ...imported } }, design: r.design }, info: { format: r.format, fileUnit: r.fileUnit, triangles: r.triangles, warnings: r.warnings } };
}
