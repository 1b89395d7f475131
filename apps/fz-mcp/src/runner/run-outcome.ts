/** How one run of the child ended; the envelope layer turns each into a result. */
export type RunOutcome =
  /**
   * The child exited; `status` is null when a signal ended it. Output is bounded (capture.ts):
   * `stdout` is all of it or its tail (the last line whole), `stdoutHead` and `stderr` start at each
   * stream's first non-whitespace byte and hold at most 64 KiB, enough for a 500-character excerpt.
   */
  | { kind: "exited"; status: number | null; stdout: string; stdoutHead: string; stderr: string }
  /** The program could not be started (not found, cwd missing, permission denied…). */
  | { kind: "unavailable"; detail: string }
  /** The limit passed; the process tree was killed and its output discarded. */
  | { kind: "timed-out" }
  /** The caller gave up (cancellation or shutdown); the process tree was killed. */
  | { kind: "cancelled" }
  /** Not started: the children allowed at once are running and the queue behind them is full. */
  | { kind: "busy"; running: number; waiting: number };

export interface RunRequest {
  /** Program, then every argument (configured leading words and the tool's argv). */
  readonly argv: readonly string[];
  readonly cwd: string | undefined;
  /** Milliseconds before the tree is killed; undefined for no limit. */
  readonly limitMs: bigint | undefined;
  readonly signal?: AbortSignal;
}
