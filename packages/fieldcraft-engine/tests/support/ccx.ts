// Runs CalculiX (`ccx`) on a deck in a temp folder and reads its printed results (.dat).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** Path of the ccx executable on PATH, or null. */
export function findCcx(): string | null {
  const names = process.platform === "win32" ? ["ccx.exe", "ccx.cmd"] : ["ccx"];
  for (const dir of (process.env.PATH ?? "").split(delimiter))
    for (const name of names) if (dir && existsSync(join(dir, name))) return join(dir, name);
  return null;
}

export interface CcxRun {
  dat: string;
  seconds: number;
  /** Peak resident memory of ccx in bytes, when measurable (via /usr/bin/time -v). */
  peakRssBytes: number | null;
  log: string;
}

/** Runs `ccx -i job` in a fresh temp folder; rejects when ccx fails or reports an error. */
export async function runCcx(deck: string, options: { timeoutMs?: number; measureMemory?: boolean; keep?: boolean } = {}): Promise<CcxRun> {
  const ccx = findCcx();
  if (!ccx) throw new Error("ccx is not installed");
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-ccx-"));
  try {
    await writeFile(join(dir, "job.inp"), deck);
    const timed = options.measureMemory && existsSync("/usr/bin/time");
    const [cmd, args] = timed ? ["/usr/bin/time", ["-v", ccx, "-i", "job"]] : [ccx, ["-i", "job"]];
    const t0 = performance.now();
    const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(cmd, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "", stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const timer = setTimeout(() => child.kill(), options.timeoutMs ?? 600_000);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
    const seconds = (performance.now() - t0) / 1000;
    const log = stdout + stderr;
    if (code !== 0 || /\*ERROR/.test(log)) throw new Error(`ccx failed (exit ${code}):\n${log.slice(-3000)}`);
    const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
    const dat = await readFile(join(dir, "job.dat"), "utf8");
    return { dat, seconds, peakRssBytes: rss ? Number(rss[1]) * 1024 : null, log };
  } finally {
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}

export interface DatResults {
  /** Displacements per printed node set: node id -> [ux, uy, uz]. */
  displacements: Map<string, Map<number, [number, number, number]>>;
  /** Total reaction force per printed node set. */
  totals: Map<string, [number, number, number]>;
}

/** Parses the tables of a CalculiX .dat file (last step wins). */
export function parseDat(text: string): DatResults {
  const displacements = new Map<string, Map<number, [number, number, number]>>();
  const totals = new Map<string, [number, number, number]>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const head = /^\s*(displacements|total force) \([^)]*\) for set (\S+) and time/.exec(lines[i]);
    if (!head) continue;
    const set = head[2].toUpperCase();
    if (head[1] === "total force") {
      let j = i + 1;
      while (j < lines.length && lines[j].trim() === "") j++;
      const v = lines[j].trim().split(/\s+/).map(Number);
      totals.set(set, [v[0], v[1], v[2]]);
      continue;
    }
    const table = new Map<number, [number, number, number]>();
    let j = i + 1;
    while (j < lines.length && lines[j].trim() === "") j++;
    for (; j < lines.length && lines[j].trim() !== ""; j++) {
      const v = lines[j].trim().split(/\s+/).map(Number);
      table.set(v[0], [v[1], v[2], v[3]]);
    }
    displacements.set(set, table);
    i = j;
  }
  return { displacements, totals };
}
