// CalculiX as the independent check: run `ccx` on a deck (no shell) and read one node's printed displacement.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export function findCcx(): string | null {
  const names = process.platform === "win32" ? ["ccx.exe"] : ["ccx"];
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    for (const name of names) if (dir && fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** Runs `ccx -i job` in dir and returns the .dat text. */
export function runCcx(ccx: string, dir: string, job: string): string {
  const run = spawnSync(ccx, ["-i", job], { cwd: dir, encoding: "utf8", timeout: 240_000, maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0 || /\*ERROR/.test(run.stdout ?? "")) throw new Error(`ccx failed (${run.status}): ${(run.stdout ?? "").slice(-2000)}${run.stderr ?? ""}`);
  return fs.readFileSync(path.join(dir, `${job}.dat`), "utf8");
}

/** The displacement of one node from the first "displacements" block of a .dat file. */
export function datDisplacement(dat: string, node: number): [number, number, number] {
  const block = dat.split(/\n\s*displacements/i)[1];
  if (block === undefined) throw new Error("no displacements block in the .dat file");
  for (const line of block.split("\n")) {
    const parts = line.trim().split(/\s+/);
    if (parts.length === 4 && Number(parts[0]) === node) return [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  }
  throw new Error(`node ${node} is not in the displacements block`);
}
