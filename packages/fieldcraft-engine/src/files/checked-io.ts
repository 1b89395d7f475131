// Reading and writing files only after FileAccess allows the path; writes are atomic and durable (temp file, fsync, rename, fsync of the folder).
import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { ModelError } from "../model/errors.js";
import type { FileAccess } from "../base/file-access.js";

/** The checked absolute path, or a refusal with FileAccess's own message under the parameter's name. */
export function allowedRead(files: FileAccess, p: string, param: string): string {
  const check = files.checkRead(p);
  if (!check.ok) throw new ModelError(`${param}: ${check.error}`, { path: p });
  return check.path;
}

export function allowedWrite(files: FileAccess, p: string, param: string): string {
  const check = files.checkWrite(p);
  if (!check.ok) throw new ModelError(`${param}: ${check.error}`, { path: p });
  return check.path;
}

function describeFsError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  switch (e.code) {
    case "ENOENT":
      return "no such file";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a folder, not a file";
    case "ENOTDIR":
      return "a part of the path is not a folder";
    default:
      return e.message ?? String(error);
  }
}

/** Reads a text file the caller may read, refusing files larger than `maxBytes`. */
export async function readTextChecked(files: FileAccess, p: string, param: string, maxBytes: number): Promise<{ path: string; text: string }> {
  const abs = allowedRead(files, p, param);
  try {
    const stat = await fs.stat(abs);
    if (!stat.isFile()) throw new ModelError(`${param}: not a file: ${abs}`);
    if (stat.size > maxBytes) throw new ModelError(`${param}: ${abs} is ${stat.size} bytes, over the cap maxFileBytes (${maxBytes})`);
    return { path: abs, text: await fs.readFile(abs, "utf8") };
  } catch (error) {
    if (error instanceof ModelError) throw error;
    throw new ModelError(`${param}: cannot read ${abs}: ${describeFsError(error)}`);
  }
}

/**
 * Writes the whole file or nothing, durably: a temp file of our own naming in the target's folder,
 * flushed to disk, renamed over the target, then the folder flushed so the rename survives a power
 * cut. A target that is a folder (the write root itself: `W`, `W/`, `W/.`) or a read-only file is
 * refused before anything is written. Missing folders on the way are made, as a person saving to
 * `out/run2/job.inp` expects, and removed again if the write fails. Temp files left by a killed
 * writer in that folder are removed first. FileAccess has already allowed the path.
 */
export async function writeAtomic(abs: string, data: string | Uint8Array, param: string): Promise<void> {
  await refuseUnwritableTarget(abs, param);
  const dir = path.dirname(abs);
  const temp = path.join(dir, tempName(path.basename(abs)));
  let created: string | undefined;
  try {
    created = await fs.mkdir(dir, { recursive: true });
    await removeStaleTemps(dir);
    const handle = await fs.open(temp, "wx", 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, abs);
    await syncFolder(dir);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    if (created !== undefined) await removeCreatedFolders(created, dir);
    throw new ModelError(`${param}: cannot write ${abs}: ${describeFsError(error)}`);
  }
}

async function refuseUnwritableTarget(abs: string, param: string): Promise<void> {
  let stat;
  try {
    stat = await fs.stat(abs);
  } catch {
    return; // a new file (or a path whose folders are still to be made)
  }
  if (stat.isDirectory()) throw new ModelError(`${param}: ${abs} is a folder, not a file; name a file inside it`, { path: abs });
  if (!stat.isFile()) throw new ModelError(`${param}: ${abs} is not a regular file; name a new or existing file`, { path: abs });
  // Mode bits rather than access(): a server running as root would otherwise replace a file its owner marked read-only.
  if ((stat.mode & 0o222) === 0) {
    throw new ModelError(`${param}: ${abs} is read-only; make it writable or choose another name (it was left as it is)`, { path: abs });
  }
}

// `.<name>.<pid>.<12 hex>.fieldcraft-tmp`: the pid tells a stale temp (its writer is gone) from a live one.
const TEMP_SUFFIX = ".fieldcraft-tmp";
const TEMP_PATTERN = /^\..+\.(\d+)\.[0-9a-f]{12}\.fieldcraft-tmp$/;

function tempName(base: string): string {
  // The name is cut so a target whose own name is near the 255-byte limit still gets a temp file.
  return `.${base.slice(0, 120)}.${process.pid}.${randomBytes(6).toString("hex")}${TEMP_SUFFIX}`;
}

/** Whether a process with this pid runs on this host (EPERM: it runs, as another user). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes temp files of our naming whose writer no longer runs (a save killed mid-write). */
export async function removeStaleTemps(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = TEMP_PATTERN.exec(name);
    if (!match || processAlive(Number(match[1]))) continue;
    await fs.rm(path.join(dir, name), { force: true }).then(() => removed.push(name), () => undefined);
  }
  return removed;
}

async function syncFolder(dir: string): Promise<void> {
  // Folders cannot be opened for fsync on Windows; there the rename is already durable enough (NTFS journal).
  if (process.platform === "win32") return;
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Removes the folders this write made (from the deepest up to `first`), each only if still empty. */
async function removeCreatedFolders(first: string, deepest: string): Promise<void> {
  for (let folder = deepest; ; folder = path.dirname(folder)) {
    await fs.rmdir(folder).catch(() => undefined);
    if (folder === first || path.dirname(folder) === folder) return;
  }
}

export async function writeTextChecked(files: FileAccess, p: string, param: string, data: string | Uint8Array): Promise<string> {
  const abs = allowedWrite(files, p, param);
  await writeAtomic(abs, data, param);
  return abs;
}
