// The folder file.recovery.* work in: the session's own recovery folder (not confined: no agent names a path
// there), or `dir`, which FileAccess confines like any other path the caller gives.
import { allowedRead, allowedWrite, readTextChecked } from "../../files/checked-io.js";
import { entryIds, entryIsLive, entryPaths, MAX_META_BYTES, parseEntryMeta, type EntryMeta } from "../../files/recovery/entries.js";
import { defaultRecoveryDir } from "../../files/recovery/folder.js";
import { ModelError, nameList } from "../../model/errors.js";
import { openFileAccess } from "../../session/file-access.js";
import type { FileAccess } from "../../session/types.js";
import type { CommandContext } from "../types.js";

export interface RecoveryFolder {
  dir: string;
  /** The FileAccess every file in the folder goes through: the session's with `dir`, open without. */
  files: FileAccess;
  /** Whether this is the session's own recovery folder. */
  own: boolean;
}

export function recoveryFolder(ctx: CommandContext, dir: string | undefined, access: "read" | "write"): RecoveryFolder {
  const ownDir = ctx.recovery?.dir ?? defaultRecoveryDir();
  if (dir === undefined) return { dir: ownDir, files: openFileAccess(), own: true };
  if (access === "read") {
    const abs = allowedRead(ctx.files, dir, "params.dir");
    return { dir: abs, files: ctx.files, own: abs === ownDir };
  }
  // Discarding reads the entries' descriptions too: in a folder it may write to, which is what it needs.
  const abs = allowedWrite(ctx.files, dir, "params.dir");
  const writeOnly: FileAccess = { checkRead: (p) => ctx.files.checkWrite(p), checkWrite: (p) => ctx.files.checkWrite(p) };
  return { dir: abs, files: writeOnly, own: abs === ownDir };
}

export interface ListedEntry {
  meta: EntryMeta;
  live: boolean;
  own: boolean;
}

/** Every entry whose description reads; the others with the reason. */
export async function readEntries(ctx: CommandContext, folder: RecoveryFolder): Promise<{ entries: ListedEntry[]; skipped: { id: string; reason: string }[] }> {
  const entries: ListedEntry[] = [];
  const skipped: { id: string; reason: string }[] = [];
  let ids: string[];
  try {
    ids = await entryIds(folder.dir);
  } catch (error) {
    throw new ModelError(`params.dir: cannot list ${folder.dir}: ${(error as Error).message}`);
  }
  const ownId = folder.own ? ctx.recovery?.ownId() : undefined;
  for (const id of ids) {
    try {
      const { text } = await readTextChecked(folder.files, entryPaths(folder.dir, id).meta, "recovery", MAX_META_BYTES);
      const meta = parseEntryMeta(text, id);
      if (meta.id !== id) throw new ModelError(`its description names another id (${meta.id})`);
      entries.push({ meta, live: entryIsLive(meta), own: id === ownId });
    } catch (error) {
      skipped.push({ id, reason: (error as Error).message.replace(/^recovery: /, "") });
    }
  }
  entries.sort((a, b) => (a.meta.saved_at < b.meta.saved_at ? 1 : -1));
  return { entries, skipped };
}

export async function findEntry(ctx: CommandContext, folder: RecoveryFolder, id: string): Promise<ListedEntry> {
  const { entries } = await readEntries(ctx, folder);
  const found = entries.find((e) => e.meta.id === id);
  if (found) return found;
  const ids = entries.map((e) => e.meta.id);
  throw new ModelError(`params.id: no recoverable model \`${id}\` in ${folder.dir}; ${ids.length ? `ids: ${nameList(ids)}` : "there are none"} (file.recovery.list lists them)`);
}
