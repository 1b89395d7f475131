import { z } from "zod";
import { readTextChecked } from "../../files/checked-io.js";
import { modelFromText } from "../../files/open-model.js";
import { entryPaths } from "../../files/recovery/entries.js";
import { modelDigest } from "../../model/digest.js";
import { checkModel } from "../../model/check.js";
import { modelInfo } from "../model/summary.js";
import { defineCommand } from "../types.js";
import { findEntry, recoveryFolder } from "./recovery-folder.js";
import { entryIdParam, recoveryDirParam } from "./recovery-params.js";
import { checkItemResult, countsResult, designInfoResult, meshInfoResult } from "../result-parts.js";

export const fileRecoverCommand = defineCommand({
  id: "file.recover",
  label: "Recover model",
  description:
    "Opens an autosaved model (file.recovery.list): the model with every command up to its last autosave, results included. Its own file becomes the model's file again and its changes count as unsaved (save to keep them). Undoable like file.open.",
  params: z.object({ id: entryIdParam("Id of the recoverable model (file.recovery.list)"), dir: recoveryDirParam }).strict(),
  result: z.object({
    id: z.string(),
    original_path: z.string().nullable(),
    saved_at: z.string(),
    commands: z.number().int().nonnegative(),
    warnings: z.array(z.string()),
    counts: countsResult,
    design: designInfoResult,
    mesh: meshInfoResult,
    solved: z.array(z.string()).describe("Steps whose results came back with the model"),
    check: z.object({ ok: z.boolean(), errors: z.array(checkItemResult) }),
  }),
  requires: [],
  effects: { mutates: true, reads: true, writes: false },
  async run(ctx, params) {
    const folder = recoveryFolder(ctx, params.dir, "read");
    const entry = await findEntry(ctx, folder, params.id);
    const { path: abs, text } = await readTextChecked(folder.files, entryPaths(folder.dir, params.id).model, "params.id", ctx.caps.maxFileBytes);
    const { model, warnings } = await modelFromText(folder.files, abs, text, ctx.caps, "params.id");
    if (modelDigest(model) !== entry.meta.digest) warnings.push("the recovered model differs from the one described at its autosave (the entry was rewritten or edited since)");
    const info = modelInfo(model, entry.meta.original_path ?? undefined);
    const check = checkModel(model);
    // Last, when nothing can fail any more: continue the entry only when it is ours to continue (in our
    // folder, and no running process still writes it).
    const continues = folder.own && (!entry.live || entry.own);
    ctx.recovery?.adopt({ commands: entry.meta.commands, ...(continues ? { id: params.id } : {}) });
    return {
      result: {
        id: params.id,
        original_path: entry.meta.original_path,
        saved_at: entry.meta.saved_at,
        commands: entry.meta.commands,
        warnings,
        counts: info.counts,
        design: info.design,
        mesh: info.mesh,
        solved: Object.keys(model.results),
        check: { ok: check.ok, errors: check.errors },
      },
      model,
      file: entry.meta.original_path,
      view: {},
    };
  },
});
