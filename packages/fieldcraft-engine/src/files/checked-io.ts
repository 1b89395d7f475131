// Reading and writing files only after FileAccess allows the path; writes are atomic (temp file, then rename).
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
 * Writes the whole file or nothing: a temp file in the same folder, then a rename over the target.
 * Missing folders on the way are made, as a person saving to `out/run2/job.inp` expects; FileAccess
 * has already allowed the path (below an existing folder, only plain names).
 */
export async function writeAtomic(abs: string, data: string | Uint8Array, param: string): Promise<void> {
  const dir = path.dirname(abs);
  const temp = path.join(dir, `.${path.basename(abs)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(temp, data, { flag: "wx" });
    await fs.rename(temp, abs);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw new ModelError(`${param}: cannot write ${abs}: ${describeFsError(error)}`);
  }
}

export async function writeTextChecked(files: FileAccess, p: string, param: string, data: string | Uint8Array): Promise<string> {
  const abs = allowedWrite(files, p, param);
  await writeAtomic(abs, data, param);
  return abs;
}
