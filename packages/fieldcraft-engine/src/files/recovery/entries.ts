// Recovery entries: `<id>.fieldcraft` (the model, results and design embedded) and `<id>.recovery.json`
// (what a list shows: the model's own file, when, how many commands since its last save, which process).
// The model is written first and the description second, each atomically, so a listed entry always has a model.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { ModelError } from "../../model/errors.js";
import { modelDigest } from "../../model/digest.js";
import type { Model } from "../../model/types.js";
import { processAlive, writeAtomic } from "../checked-io.js";
import { serializeModel } from "../fieldcraft-file.js";
import { ensureRecoveryDir } from "./folder.js";

export const ENTRY_FORMAT = "fieldcraft-recovery/1";
const MODEL_SUFFIX = ".fieldcraft";
const META_SUFFIX = ".recovery.json";
/** A description is a few hundred bytes; anything much larger is not one. */
const MAX_META_BYTES = 64 * 1024;

/** Ids are plain names, so an id can never point outside its folder. */
export const ENTRY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export const entryMetaSchema = z
  .object({
    format: z.literal(ENTRY_FORMAT),
    id: z.string().regex(ENTRY_ID),
    original_path: z.string().nullable(),
    saved_at: z.string(),
    commands: z.number().int().nonnegative(),
    pid: z.number().int().positive(),
    host: z.string(),
    digest: z.string(),
  })
  .strict();

export type EntryMeta = z.infer<typeof entryMetaSchema>;

export function newEntryId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
  return `${stamp}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

export function entryPaths(dir: string, id: string): { model: string; meta: string } {
  return { model: path.join(dir, id + MODEL_SUFFIX), meta: path.join(dir, id + META_SUFFIX) };
}

export interface EntryState {
  model: Model;
  original: string | null;
  commands: number;
}

/** Writes one entry; the design goes in embedded, so recovery never depends on files that may have changed. */
export async function writeEntry(dir: string, id: string, state: EntryState, now = new Date()): Promise<EntryMeta> {
  await ensureRecoveryDir(dir);
  const paths = entryPaths(dir, id);
  await writeAtomic(paths.model, serializeModel(state.model, paths.model, { embedDesign: true }), "recovery");
  const meta: EntryMeta = {
    format: ENTRY_FORMAT,
    id,
    original_path: state.original,
    saved_at: now.toISOString(),
    commands: state.commands,
    pid: process.pid,
    host: os.hostname(),
    digest: modelDigest(state.model),
  };
  await writeAtomic(paths.meta, JSON.stringify(meta) + "\n", "recovery");
  return meta;
}

/** Removes an entry's files (description first, so a half-removed entry is not listed). */
export async function removeEntry(dir: string, id: string): Promise<void> {
  const paths = entryPaths(dir, id);
  await fs.rm(paths.meta, { force: true });
  await fs.rm(paths.model, { force: true });
}

/** Whether the process that wrote an entry is still running on this computer (its autosaves continue). */
export function entryIsLive(meta: EntryMeta): boolean {
  return meta.host === os.hostname() && processAlive(meta.pid);
}

export function parseEntryMeta(text: string, file: string): EntryMeta {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ModelError(`${file}: not a recovery description (not JSON)`);
  }
  const parsed = entryMetaSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new ModelError(`${file}: damaged recovery description: ${first.path.join(".") || "(top)"}: ${first.message}`);
  }
  return parsed.data;
}

/** The ids of the descriptions in a folder (none when the folder does not exist yet). */
export async function entryIds(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return names
    .filter((n) => n.endsWith(META_SUFFIX))
    .map((n) => n.slice(0, -META_SUFFIX.length))
    .filter((id) => ENTRY_ID.test(id))
    .sort();
}

/**
 * Models without a description: left by a process killed between the two writes of its first autosave.
 * Only those whose writer (the pid in the id) is gone, so a first autosave under way is never taken.
 */
export async function orphanModelIds(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const described = new Set(names.filter((n) => n.endsWith(META_SUFFIX)).map((n) => n.slice(0, -META_SUFFIX.length)));
  return names
    .filter((n) => n.endsWith(MODEL_SUFFIX))
    .map((n) => n.slice(0, -MODEL_SUFFIX.length))
    .filter((id) => ENTRY_ID.test(id) && !described.has(id))
    .filter((id) => {
      const pid = Number(/-(\d+)-[a-z0-9]+$/.exec(id)?.[1]);
      return !(Number.isInteger(pid) && pid > 0 && processAlive(pid));
    });
}

export { MAX_META_BYTES };
