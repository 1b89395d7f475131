import { z } from "zod";
import { openModelFile } from "../../files/open-model.js";
import { checkModel } from "../../model/check.js";
import { filePath } from "../params.js";
import { defineCommand } from "../types.js";
import { modelInfo } from "../model/summary.js";
import { checkItemResult, countsResult, designInfoResult, meshInfoResult } from "../result-parts.js";

export const fileOpenCommand = defineCommand({
  id: "file.open",
  label: "Open model",
  description:
    "Opens a `.fieldcraft` model file: its design (re-read from its path; one that cannot be read is listed in `warnings` and the model opens without it), mesh, definitions and saved results (results that no longer fit the model are left out, with a warning). Files of a newer format are refused.",
  params: z.object({ path: filePath("Path of the `.fieldcraft` file") }).strict(),
  result: z.object({
    path: z.string(),
    warnings: z.array(z.string()),
    counts: countsResult,
    design: designInfoResult,
    mesh: meshInfoResult,
    check: z.object({ ok: z.boolean(), errors: z.array(checkItemResult) }),
  }),
  requires: [],
  effects: { mutates: true, reads: true, writes: false },
  async run(ctx, params) {
    const opened = await openModelFile(ctx.files, params.path, ctx.caps);
    const info = modelInfo(opened.model, opened.path);
    const check = checkModel(opened.model);
    return {
      result: { path: opened.path, warnings: opened.warnings, counts: info.counts, design: info.design, mesh: info.mesh, check: { ok: check.ok, errors: check.errors } },
      model: opened.model,
      file: opened.path,
      view: {},
    };
  },
});
