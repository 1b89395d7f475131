// Runs ccx on a deck and returns the text of the output files asked for (e.g. the .mas/.sti/.dof of
// SOLVER=MATRIXSTORAGE, or the .dat), for tests that read more than the printed tables.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findCcx } from "./ccx.js";

export async function runCcxFiles(deck: string, extensions: string[], timeoutMs = 600_000): Promise<Record<string, string>> {
  const ccx = findCcx();
  if (!ccx) throw new Error("ccx is not installed");
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-ccx-"));
  try {
    await writeFile(join(dir, "job.inp"), deck);
    const log = await new Promise<string>((resolve, reject) => {
      const child = spawn(ccx, ["-i", "job"], { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      const timer = setTimeout(() => child.kill(), timeoutMs);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        if (code !== 0 || /\*ERROR/.test(out)) reject(new Error(`ccx failed (exit ${code}):\n${out.slice(-3000)}`));
        else resolve(out);
      });
    });
    const files: Record<string, string> = { log };
    for (const ext of extensions) files[ext] = await readFile(join(dir, `job.${ext}`), "utf8");
    return files;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A sparse symmetric matrix from a MATRIXSTORAGE file (`row col value`, 1-based, upper part) keyed by the .dof rows. */
export function readStoredMatrix(text: string, dof: string): { entries: Map<string, number>; dofs: string[] } {
  const dofs = dof.trim().split(/\s+/);
  const entries = new Map<string, number>();
  for (const line of text.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f.length !== 3) continue;
    const [i, j, v] = [Number(f[0]) - 1, Number(f[1]) - 1, Number(f[2])];
    const a = dofs[i], b = dofs[j];
    entries.set(`${a}|${b}`, v);
    entries.set(`${b}|${a}`, v);
  }
  return { entries, dofs };
}
