// Opening a `.fieldcraft` file: the model it describes, with its design re-read through FileAccess.
// A design that cannot be read is a warning, and the model opens without it.
import { existsSync } from "node:fs";
import path from "node:path";
import { ModelError } from "../model/errors.js";
import type { DesignState, Model } from "../model/types.js";
import type { Caps } from "../base/caps.js";
import type { FileAccess } from "../base/file-access.js";
import { readTextChecked } from "./checked-io.js";
import { designFromSource, readDesign, type ImportedOptions } from "./design-file.js";
import { LENGTH_UNITS, type LengthUnit } from "../geometry/length-units.js";
import { decodeMesh, definitionsOf, parseModelFile } from "./fieldcraft-file.js";
import { applyPartitions } from "../model/partitions.js";
import { decodeResults } from "./results-file.js";

export async function openModelFile(files: FileAccess, p: string, caps: Caps, param = "params.path"): Promise<{ path: string; model: Model; warnings: string[] }> {
  const { path: abs, text } = await readTextChecked(files, p, param, caps.maxFileBytes);
  return { path: abs, ...(await modelFromText(files, abs, text, caps, param)) };
}

/** The model a file's text describes; `abs` is where the file is, for designs referred to relative to it. */
export async function modelFromText(files: FileAccess, abs: string, text: string, caps: Caps, param: string): Promise<{ model: Model; warnings: string[] }> {
  const file = parseModelFile(text, param);
  const warnings: string[] = [];
  let design: DesignState | undefined;
  if (file.design && !("embedded" in file.design)) {
    // The design may have moved along with the model file: try it relative to the model first.
    const candidates = [file.design.relative ? path.resolve(path.dirname(abs), file.design.relative) : undefined, file.design.path].filter(
      (c): c is string => c !== undefined,
    );
    const chosen = candidates.find((c) => existsSync(c)) ?? file.design.path;
    try {
      design = await readDesign(files, chosen, "design", caps.maxFileBytes, file.design.import, file.design.units);
    } catch (error) {
      const reason = error instanceof ModelError ? error.message.replace(/^design: /, "") : String(error);
      warnings.push(`the design ${chosen} was not opened (${reason}); the model opens without it`);
    }
  } else if (file.design && importedSource(file.design.embedded)) {
    // A recovery file of an imported part: the part's file is read again (its triangles are not embedded).
    const imported = importedSource(file.design.embedded)!;
    try {
      design = await readDesign(files, imported.path, "design", caps.maxFileBytes, imported);
    } catch (error) {
      warnings.push(`the imported part ${imported.path} was not opened (${(error as Error).message}); the model opens without it`);
    }
  } else if (file.design) {
    try {
      const from = file.design.converted_from;
      design = { ...designFromSource(file.design.embedded, "design"), ...(file.design.path ? { path: file.design.path } : {}), ...(from ? { convertedFrom: from } : {}) };
    } catch (error) {
      warnings.push(`the embedded design was not opened (${(error as Error).message}); the model opens without it`);
    }
  }
  let mesh;
  if (file.mesh) {
    try {
      mesh = decodeMesh(file.mesh, caps);
    } catch (error) {
      warnings.push(`the mesh was not opened (${(error as Error).message}); the model opens without it`);
    }
  }
  const model: Model = {
    units: file.units,
    definitions: definitionsOf(file),
    results: {},
    ...(design ? { design } : {}),
    ...(mesh ? { mesh } : {}),
    ...(file.seeds?.length ? { seeds: file.seeds } : {}),
    ...(file.datums?.length ? { datums: file.datums } : {}),
    ...(file.partitions?.length ? { partitions: file.partitions } : {}),
  };
  // Partitions are part of the model: the design (as read now, perhaps edited) is cut again.
  if (model.design && model.partitions?.length) {
    const cut = applyPartitions(model, model.design);
    model.design = cut.design;
    for (const r of cut.reports) if (r.refused) warnings.push(`partition ${r.partition}: ${r.refused}`);
  }
  if (file.results) {
    const decoded = decodeResults(file.results, model);
    if (decoded.ok) model.results = decoded.results;
    else warnings.push(`the saved results were not opened (${decoded.reason}); solve again`);
  }
  return { model, warnings };
}

function importedSource(source: unknown): ({ path: string } & ImportedOptions) | null {
  const i = (source as { imported?: { path?: unknown; name?: unknown; units?: unknown; file_units?: unknown; feature_angle?: unknown } } | null)?.imported;
  if (!i || typeof i.path !== "string" || typeof i.name !== "string" || (i.units !== "mm" && i.units !== "m") || typeof i.feature_angle !== "number") return null;
  const fileUnits = typeof i.file_units === "string" && i.file_units in LENGTH_UNITS ? { file_units: i.file_units as LengthUnit } : {};
  return { path: i.path, name: i.name, units: i.units, ...fileUnits, feature_angle: i.feature_angle };
}
