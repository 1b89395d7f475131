import { z } from "zod";
import { writeTextChecked } from "../../files/checked-io.js";
import { serializeModel } from "../../files/fieldcraft-file.js";
import { ModelError } from "../../model/errors.js";
import { filePath } from "../params.js";
import { defineCommand, type CommandContext } from "../types.js";

export const saveResult = z.object({
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  format: z.string(),
  results_saved: z.boolean().describe("Always false: results are not stored, solve again"),
});

export async function saveTo(ctx: CommandContext, target: string, param: string) {
  const abs = ctx.files.checkWrite(target);
  if (!abs.ok) throw new ModelError(`${param}: ${abs.error}`, { path: target });
  const text = serializeModel(ctx.model, abs.path);
  const written = await writeTextChecked(ctx.files, abs.path, param, text);
  return { result: { path: written, bytes: Buffer.byteLength(text), format: "fieldcraft/1", results_saved: false }, file: written };
}

export const fileSaveCommand = defineCommand({
  id: "file.save",
  label: "Save",
  description:
    "Writes the model to a `.fieldcraft` file (atomically): to `path`, or to the model's own file. The design is referenced by path (embedded when it has none); the mesh and definitions are stored; results are not (solve again).",
  params: z.object({ path: filePath("Where to write; default: the model's own file").optional() }).strict(),
  result: saveResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    const target = params.path ?? ctx.file;
    if (!target) throw new ModelError("params.path: the model has no file yet: give a path");
    return saveTo(ctx, target, params.path ? "params.path" : "the model's file");
  },
});
