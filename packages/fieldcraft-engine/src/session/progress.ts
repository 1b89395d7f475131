// What a command reports as it works, made fit for a client's clock. Hosts forward progress as MCP notifications,
// whose values must increase (mcp-core drops any that do not) and which clients that reset their request timeout
// on progress need often: the solvers report each phase from 0 ("assembling", "building the multigrid
// preconditioner"), so only the first ever reached a client, and a long assembly said nothing for 53 s.
// Every report goes out with a value above the last one; between reports, the check points of long loops
// (cancel-scope.ts) call `beat`, which repeats the phase at most every `heartbeatMs` with its elapsed time.
export interface ProgressUpdate {
  progress: number;
  total?: number;
  message: string;
}

export interface ProgressReporter {
  report(update: ProgressUpdate): void;
  beat(): void;
}

/** The smallest step that still raises `value` visibly in a double (relative 1e-9, at least 1e-9). */
const above = (value: number) => value + Math.max(1e-9, Math.abs(value) * 1e-9);

export function progressReporter(emit: (update: ProgressUpdate) => void, heartbeatMs = 1000, now: () => number = () => performance.now()): ProgressReporter {
  let last = -Infinity;
  let total: number | undefined;
  let phase = "";
  let phaseStarted = now();
  let sentAt = now();
  const send = (progress: number, message: string) => {
    last = progress;
    sentAt = now();
    emit({ progress, ...(total !== undefined ? { total } : {}), message });
  };
  return {
    report(update) {
      if (update.message !== phase) (phase = update.message), (phaseStarted = now());
      total = update.total !== undefined && update.total >= update.progress ? update.total : undefined;
      send(update.progress > last ? update.progress : above(last), update.message);
    },
    beat() {
      if (last === -Infinity || now() - sentAt < heartbeatMs) return;
      if (total !== undefined && above(last) > total) total = undefined;
      send(above(last), `${phase} (${((now() - phaseStarted) / 1000).toFixed(0)} s)`);
    },
  };
}
