import { z } from "zod";
import { defineCommand } from "../types.js";
import { readEntries, recoveryFolder } from "./recovery-folder.js";
import { recoveryDirParam } from "./recovery-params.js";
import { recoveryEntryResult } from "../result-parts.js";

export const fileRecoveryListCommand = defineCommand({
  id: "file.recovery.list",
  label: "List recoverable models",
  description:
    "Models autosaved with unsaved changes by a session that did not exit cleanly (or is still running: `live`), newest first: id, the model's own file (`original_path`), when, and `commands` since its last save. Open one with file.recover.",
  params: z.object({ dir: recoveryDirParam }).strict(),
  result: z.object({
    dir: z.string().describe("The recovery folder read"),
    entries: z.array(recoveryEntryResult).describe("Newest first"),
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })).optional().describe("Entries that could not be read, and why"),
  }),
  requires: [],
  effects: { mutates: false, reads: true, writes: false },
  async run(ctx, params) {
    const folder = recoveryFolder(ctx, params.dir, "read");
    const { entries, skipped } = await readEntries(ctx, folder);
    return {
      result: {
        dir: folder.dir,
        entries: entries.map((e) => ({
          id: e.meta.id,
          original_path: e.meta.original_path,
          saved_at: e.meta.saved_at,
          commands: e.meta.commands,
          live: e.live,
          own: e.own,
        })),
        ...(skipped.length ? { skipped } : {}),
      },
    };
  },
});
