// The port file `{port, token, pid}` tells a client on the same computer where the app listens and
// how to authenticate. It is written atomically with mode 0600 in a folder only its user can open.
import { chmod, lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { formatIssues } from "@mcp-wrappers/wire";
import { z } from "zod";

export interface PortFile {
  port: number;
  token: string | null;
  pid: number;
  host: string;
}

const portFileSchema = z.object({
  port: z.number().int().min(1).max(65535),
  token: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  pid: z.number().int().positive(),
  host: z.string().default("127.0.0.1"),
});

function userTag(): string {
  try {
    return userInfo().username.replace(/[^A-Za-z0-9_.-]/g, "_") || "user";
  } catch {
    return "user";
  }
}

/** The folder where the app writes, and the bridge looks for, port files when no path is given. */
export function defaultPortFileDir(): string {
  return join(tmpdir(), `fieldcraft-control-${userTag()}`);
}

/** Where the app listening on `port` writes its port file by default. */
export function defaultPortFilePath(port: number): string {
  return join(defaultPortFileDir(), `${port}.json`);
}

async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform === "win32") return;
  // Someone else's folder (or a link planted in the shared temp folder) must not receive our token.
  const info = await lstat(dir);
  if (!info.isDirectory()) throw new Error(`${dir} is not a folder`);
  if (typeof process.getuid === "function" && info.uid !== process.getuid()) {
    throw new Error(`${dir} belongs to another user`);
  }
  if ((info.mode & 0o077) !== 0) await chmod(dir, 0o700);
}

/** Writes the port file atomically (temp file, then rename) with mode 0600. */
export async function writePortFile(path: string, contents: PortFile, isDefaultDir: boolean): Promise<void> {
  const dir = join(path, "..");
  if (isDefaultDir) await ensurePrivateDir(dir);
  const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, JSON.stringify(contents) + "\n", { mode: 0o600, flag: "wx" });
  try {
    await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export async function removePortFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** Reads and checks a port file; a file another user owns is refused (it could point us at an impostor). */
export async function readPortFile(path: string): Promise<{ ok: true; file: PortFile } | { ok: false; error: string }> {
  let text: string;
  try {
    if (process.platform !== "win32" && typeof process.getuid === "function") {
      const info = await lstat(path);
      if (info.uid !== process.getuid()) return { ok: false, error: `the port file ${path} belongs to another user` };
    }
    text = await readFile(path, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, error: `no port file at ${path}` };
    return { ok: false, error: `cannot read the port file ${path}: ${(err as Error).message}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: `the port file ${path} is not JSON` };
  }
  const parsed = portFileSchema.safeParse(json);
  if (!parsed.success) return { ok: false, error: `the port file ${path} is malformed: ${formatIssues(parsed.error.issues, json, { root: "file", noun: "field" })}` };
  return { ok: true, file: parsed.data };
}
