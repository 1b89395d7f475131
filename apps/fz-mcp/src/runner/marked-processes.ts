import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/**
 * Each fz run carries `FZ_MCP_CALL=<random>` in its environment, which every descendant inherits,
 * including one that left fz's process group with `setsid` (a daemon). On Linux the run's end finds
 * them under /proc/<pid>/environ and kills them; a process that rewrites its own environment is
 * out of reach (a cgroup would be needed), and other platforms rely on the process group / tree.
 */
export const CALL_MARKER_VAR = "FZ_MCP_CALL";

export function newCallMarker(): string {
  return randomBytes(12).toString("hex");
}

/** SIGKILLs every process of ours whose environment holds the marker; returns their pids. */
export function killMarked(marker: string, platform: NodeJS.Platform = process.platform): number[] {
  if (platform !== "linux") return [];
  const needle = Buffer.from(`${CALL_MARKER_VAR}=${marker}\0`);
  const killed: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return killed;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${pid}/environ`);
    } catch {
      continue; // gone, or not ours to read
    }
    if (!hasEntry(environ, needle)) continue;
    try {
      process.kill(pid, "SIGKILL");
      killed.push(pid);
    } catch {
      // already gone
    }
  }
  return killed;
}

/** The needle as a whole `NAME=value` entry (at the start, or right after a NUL). */
function hasEntry(environ: Buffer, needle: Buffer): boolean {
  for (let at = environ.indexOf(needle); at !== -1; at = environ.indexOf(needle, at + 1)) {
    if (at === 0 || environ[at - 1] === 0) return true;
  }
  return false;
}
