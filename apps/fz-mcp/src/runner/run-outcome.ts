/** How one run of the child ended; the envelope layer turns each into a result. */
export type RunOutcome =
  /** The child exited; `status` is null when a signal ended it. */
  | { kind: "exited"; status: number | null; stdout: string; stderr: string }
  /** The program could not be started (not found, cwd missing, permission denied…). */
  | { kind: "unavailable"; detail: string }
  /** The limit passed; the process tree was killed and its output discarded. */
  | { kind: "timed-out" }
  /** The caller gave up (cancellation or shutdown); the process tree was killed. */
  | { kind: "cancelled" };

export interface RunRequest {
  /** Program, then every argument (configured leading words and the tool's argv). */
  readonly argv: readonly string[];
  readonly cwd: string | undefined;
  /** Milliseconds before the tree is killed; undefined for no limit. */
  readonly limitMs: bigint | undefined;
  readonly signal?: AbortSignal;
}
