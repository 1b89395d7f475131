import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const PACKAGE_DIR = fileURLToPath(new URL("../..", import.meta.url));
export const CLI = join(PACKAGE_DIR, "dist/cli.js");
export const FAKE_FZ = join(PACKAGE_DIR, "tests/fixtures/fz/fz.mjs");
export const CARGO_LIKE = join(PACKAGE_DIR, "tests/fixtures/fz/cargo-like.mjs");

/** The fake fz as a command (program + leading words), run through this Node, no shell. */
export const FAKE_FZ_COMMAND = [process.execPath, FAKE_FZ];

export function tempDir(prefix = "fz-mcp-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Pids the fake fz and its helpers wrote to FAKE_FZ_PIDFILE. */
export function readPids(pidFile: string): number[] {
  try {
    return readFileSync(pidFile, "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(Number);
  } catch {
    return [];
  }
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Polls until `check` holds or the wait runs out (generous: the machine is shared). */
export async function eventually(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
}

/**
 * The spec's catalogue data, read independently of the package's copy. `shared/` sits beside the
 * repository checkout (here and in CI).
 */
export function specCodes(): {
  fz: Array<{ code: string; title: string; description: string }>;
  mcp: Array<{ code: string; title: string; description: string }>;
} {
  const path = join(PACKAGE_DIR, "../../../shared/spec/fz-codes.json");
  return JSON.parse(readFileSync(path, "utf8"));
}
