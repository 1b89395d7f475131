import type { ChildProcess } from "node:child_process";
import { stat } from "node:fs/promises";
import crossSpawn from "cross-spawn";
import { armDeadline } from "./deadline.js";
import { BoundedCapture } from "./capture.js";
import { killGroup, killTree } from "./kill-tree.js";
import { CALL_MARKER_VAR, killMarked, newCallMarker } from "./marked-processes.js";
import { describeSpawnError } from "./os-error.js";
import type { RunOutcome, RunRequest } from "./run-outcome.js";

// After the child exits, how long its pipes may stay open (a grandchild that escaped the kill)
// before the output captured so far is taken as final.
const PIPE_GRACE_MS = 1_000;

const isWindows = process.platform === "win32";

/** Output bounds: the excerpt's source (a head of each stream) and the envelope's (stdout's tail). */
export const HEAD_BYTES = 64 * 1024;
export const STDOUT_TAIL_BYTES = 64 * 1024 * 1024;

/**
 * Runs one child with no shell (cross-spawn resolves PATH/PATHEXT and `.cmd` shims on Windows),
 * stdin empty, both pipes drained from the start. Every way out kills the whole process tree, and
 * the timeout and cancellation paths return at once without waiting for the pipes to close.
 */
export function runChild(request: RunRequest, live: Set<ChildProcess>): Promise<RunOutcome> {
  const [program, ...args] = request.argv;
  if (program === undefined) return Promise.resolve({ kind: "unavailable", detail: "the configured fz command is empty" });
  if (request.signal?.aborted) return Promise.resolve({ kind: "cancelled" });

  return new Promise<RunOutcome>((resolve) => {
    let child: ChildProcess;
    const marker = newCallMarker();
    try {
      child = crossSpawn(program, args, {
        cwd: request.cwd,
        // The one addition to fz's environment: how its escaped descendants are found (marked-processes.ts).
        env: { ...process.env, [CALL_MARKER_VAR]: marker },
        stdio: ["ignore", "pipe", "pipe"],
        // Own process group on POSIX, so the tree can be killed as one.
        detached: !isWindows,
        windowsHide: true,
      });
    } catch (error) {
      resolve({ kind: "unavailable", detail: `could not run \`${program}\`: ${describeSpawnError(error)}` });
      return;
    }

    const stdout = new BoundedCapture(HEAD_BYTES, STDOUT_TAIL_BYTES);
    const stderr = new BoundedCapture(HEAD_BYTES, 0);
    child.stdout?.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
    live.add(child);
    CALL_MARKERS.set(child, marker);

    let settled = false;
    let disarm = (): void => {};
    const cleanupListeners: Array<() => void> = [];
    const settle = (outcome: RunOutcome): void => {
      if (settled) return;
      settled = true;
      disarm();
      for (const cleanup of cleanupListeners) cleanup();
      live.delete(child);
      resolve(outcome);
    };
    const abandon = (outcome: RunOutcome): void => {
      if (settled) return;
      killTree(child);
      killMarked(marker);
      // Drop the streams: a grandchild that escaped the kill must not hold this call open.
      child.stdout?.destroy();
      child.stderr?.destroy();
      settle(outcome);
    };

    if (request.limitMs !== undefined) {
      disarm = armDeadline(request.limitMs, () => abandon({ kind: "timed-out" }));
    }
    if (request.signal !== undefined) {
      const onAbort = (): void => abandon({ kind: "cancelled" });
      request.signal.addEventListener("abort", onAbort, { once: true });
      cleanupListeners.push(() => request.signal?.removeEventListener("abort", onAbort));
    }

    child.on("error", (error) => {
      // A spawn failure arrives here with no pid; after a successful spawn an error is a polling failure.
      void explainSpawnError(program, request.cwd, error).then((detail) => {
        if (child.pid !== undefined) killTree(child);
        settle({ kind: "unavailable", detail });
      });
    });

    child.on("exit", (code, signal) => {
      if (settled) return;
      // fz finished within its limit: the pipes' grace below is not a timeout.
      disarm();
      // Whatever the child left running in its group goes with it; then the pipes can close.
      if (!isWindows && child.pid !== undefined) killGroup(child.pid);
      // ... and whatever left the group (setsid), found by the marker.
      killMarked(marker);
      const status = signal !== null ? null : code;
      const finish = (): void =>
        settle({ kind: "exited", status, stdout: stdout.tail(), stdoutHead: stdout.head(), stderr: stderr.head() });
      const grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, PIPE_GRACE_MS);
      child.on("close", () => {
        clearTimeout(grace);
        finish();
      });
    });
  });
}

const CALL_MARKERS = new WeakMap<ChildProcess, string>();

/** Kills a run's process tree and its marked descendants (shutdown: synchronous, it runs from `exit`). */
export function killRun(child: ChildProcess): void {
  killTree(child);
  const marker = CALL_MARKERS.get(child);
  if (marker !== undefined) killMarked(marker);
}

/** Node reports a missing cwd as the program's ENOENT; name the directory when that is the cause. */
async function explainSpawnError(program: string, cwd: string | undefined, error: unknown): Promise<string> {
  const base = `could not run \`${program}\`: ${describeSpawnError(error)}`;
  if (cwd === undefined || (error as NodeJS.ErrnoException).code !== "ENOENT") return base;
  try {
    const info = await stat(cwd);
    return info.isDirectory() ? base : `${base}; the working directory ${cwd} is not a directory`;
  } catch {
    return `${base}; the working directory ${cwd} does not exist`;
  }
}
