import { z } from "zod";
import { writeTextChecked } from "../../files/checked-io.js";
import { FILE_FORMAT, serializeModel } from "../../files/fieldcraft-file.js";
import { storedStepNames } from "../../files/results-file.js";
import { ModelError } from "../../model/errors.js";
import { filePath } from "../params.js";
import { defineCommand, type CommandContext } from "../types.js";

/** Whether a save stores the results (default: yes, when there are any). */
export const saveResultsParam = z.boolean().default(true).describe("Store the results too (default true), so the model reopens solved");

export const saveResult = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  format: z.literal(FILE_FORMAT),
  results_saved: z.boolean().describe("Whether any step's results were stored (the model reopens solved)"),
  steps_saved: z.array(z.string()).describe("The steps whose results were stored (explicit steps whose frames exceed 256 MiB are not: they reopen unsolved)"),
});

export async function saveTo(ctx: CommandContext, target: string, param: string, withResults = true) {
  const abs = ctx.files.checkWrite(target);
  if (!abs.ok) throw new ModelError(`${param}: ${abs.error}`, { path: target });
  const text = serializeModel(ctx.model, abs.path, { results: withResults });
  const written = await writeTextChecked(ctx.files, abs.path, param, text);
  const saved = withResults ? storedStepNames(ctx.model) : [];
  return { result: { path: written, bytes: Buffer.byteLength(text), format: FILE_FORMAT as typeof FILE_FORMAT, results_saved: saved.length > 0, steps_saved: saved }, file: written };
}

export const fileSaveCommand = defineCommand({
  id: "file.save",
  label: "Save",
  description:
    "Writes the model to a `.fieldcraft` file (atomically): to `path`, or to the model's own file. The design is referenced by path (embedded when it has none); the mesh, definitions and results are stored (results compressed; `results: false` leaves them out), so the model reopens solved.",
  params: z.object({ path: filePath("Where to write; default: the model's own file").optional(), results: saveResultsParam }).strict(),
  result: saveResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    const target = params.path ?? ctx.file;
    if (!target) throw new ModelError("params.path: the model has no file yet: give a path");
    return saveTo(ctx, target, params.path ? "params.path" : "the model's file", params.results);
  },
});
