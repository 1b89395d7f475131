import { promises as fs } from "node:fs";
import { z } from "zod";
import { allowedWrite } from "../../files/checked-io.js";
import { entryPaths, orphanModelIds } from "../../files/recovery/entries.js";
import { ModelError } from "../../model/errors.js";
import { defineCommand } from "../types.js";
import { findEntry, readEntries, recoveryFolder, type ListedEntry } from "./recovery-folder.js";
import { entryIdParam, recoveryDirParam } from "./recovery-params.js";

/** Why an entry stays: this session's own, or one a running process still autosaves to. */
function keepReason(e: ListedEntry): string | null {
  if (e.own) return "this session's own autosave (it goes when the model is saved or the session exits)";
  if (e.live) return `the process that autosaves it is still running (pid ${e.meta.pid})`;
  return null;
}

export const fileRecoveryDiscardCommand = defineCommand({
  id: "file.recovery.discard",
  label: "Discard recoverable models",
  description:
    "Removes a recoverable model (`id`), or every one (no `id`, which also removes models a killed process left without a description), from the recovery folder. Entries of running sessions stay and are listed in `kept`.",
  params: z.object({ id: entryIdParam("Id of the model to discard (file.recovery.list); default: every one").optional(), dir: recoveryDirParam }).strict(),
  result: z.object({
    dir: z.string(),
    discarded: z.array(z.string()).describe("Ids removed"),
    kept: z.array(z.object({ id: z.string(), reason: z.string() })).describe("Entries of running sessions, left in place"),
  }),
  requires: [],
  effects: { mutates: false, reads: false, writes: true },
  async run(ctx, params) {
    const folder = recoveryFolder(ctx, params.dir, "write");
    const targets = params.id !== undefined ? [await findEntry(ctx, folder, params.id)] : (await readEntries(ctx, folder)).entries;
    const discarded: string[] = [];
    const kept: { id: string; reason: string }[] = [];
    for (const entry of targets) {
      const reason = keepReason(entry);
      if (reason) {
        kept.push({ id: entry.meta.id, reason });
        continue;
      }
      const paths = entryPaths(folder.dir, entry.meta.id);
      // Description first: a half-removed entry is no longer listed.
      for (const p of [paths.meta, paths.model]) {
        const abs = allowedWrite(folder.files, p, "params.dir");
        try {
          await fs.rm(abs, { force: true });
        } catch (error) {
          throw new ModelError(`cannot remove ${abs}: ${(error as Error).message}`);
        }
      }
      discarded.push(entry.meta.id);
    }
    if (params.id !== undefined && kept.length > 0) throw new ModelError(`params.id: \`${params.id}\` is kept: ${kept[0].reason}`);
    if (params.id === undefined) {
      for (const id of await orphanModelIds(folder.dir)) {
        const abs = allowedWrite(folder.files, entryPaths(folder.dir, id).model, "params.dir");
        await fs.rm(abs, { force: true }).catch(() => undefined);
        discarded.push(id);
      }
    }
    return { result: { dir: folder.dir, discarded, kept } };
  },
});
