import { existsSync, mkdtempSync, readFileSync } from "node:fs";
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

type CodeList = Array<{ code: string; title: string; description: string }>;

/**
 * The spec's catalogue data, read independently of the package's copy: `FZ_CODES_SPEC`, else
 * `shared/spec/fz-codes.json` beside the repository checkout (as on the developers' machines and CI).
 * Undefined where neither exists (a clone on its own), so the comparisons that need it are skipped.
 */
export function specCodes(): { fz: CodeList; mcp: CodeList } | undefined {
  const candidates = [process.env.FZ_CODES_SPEC, join(PACKAGE_DIR, "../../../shared/spec/fz-codes.json")];
  const path = candidates.find((candidate) => candidate !== undefined && candidate !== "" && existsSync(candidate));
  return path === undefined ? undefined : JSON.parse(readFileSync(path, "utf8"));
}

/** The tests' copy of the spec's catalogue (append-only contract), kept apart from the package's sources. */
export const CONTRACT_CODES_PATH = join(PACKAGE_DIR, "tests/fixtures/contract/fz-codes.json");

export function contractCodes(): { fz: CodeList; mcp: CodeList } {
  return JSON.parse(readFileSync(CONTRACT_CODES_PATH, "utf8"));
}

/**
 * What the catalogue must serve: the spec's data where it can be found, else the tests' copy of it
 * (same shape; a test checks the copy against the spec whenever the spec is there).
 */
export function expectedCodes(): { fz: CodeList; mcp: CodeList } {
  return specCodes() ?? contractCodes();
}
