// Designs through FileAccess: the path is checked, then the `.solidcraft` text read and built by the geometry parser.
import { parseSolidcraft } from "../geometry/parse.js";
import { ModelError } from "../model/errors.js";
import type { DesignState } from "../model/types.js";
import type { FileAccess } from "../base/file-access.js";
import { readTextChecked } from "./checked-io.js";

export async function readDesign(files: FileAccess, p: string, param: string, maxBytes: number): Promise<DesignState> {
  const { path, text } = await readTextChecked(files, p, param, maxBytes);
  const parsed = parseSolidcraft(text);
  if (!parsed.ok) throw new ModelError(`${param}: ${path}: ${parsed.error}`);
  return { path, source: JSON.parse(text), design: parsed.design };
}

/** A design held in memory (a sample, or one embedded in a `.fieldcraft` file). */
export function designFromSource(source: unknown, what: string): DesignState {
  const parsed = parseSolidcraft(JSON.stringify(source));
  if (!parsed.ok) throw new ModelError(`${what}: ${parsed.error}`);
  return { source, design: parsed.design };
}
