import { z } from "zod";
import { filePath } from "../params.js";
import { defineCommand } from "../types.js";
import { saveResult, saveResultsParam, saveTo } from "./save.js";

export const fileSaveAsCommand = defineCommand({
  id: "file.save_as",
  label: "Save as",
  description: "Writes the model to a new `.fieldcraft` file (atomically), which becomes the model's own file. Results are stored too unless `results: false`.",
  params: z.object({ path: filePath("Where to write"), results: saveResultsParam }).strict(),
  result: saveResult,
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  run: (ctx, params) => saveTo(ctx, params.path, "params.path", params.results),
});
