// Cancellation that reaches deep loops without a signal parameter in every kernel's signature. The session runs
// each command inside the scope of its AbortSignal (AsyncLocalStorage follows it across awaits, and two sessions
// in one thread keep their own); a long loop calls `checkCancelled()` every few thousand rows and is unwound by
// the throw. A host that runs the engine in a worker raises the signal from another thread (a shared flag its
// `aborted` reads), so these check points are what makes a cancel land within a fraction of a second.
import { AsyncLocalStorage } from "node:async_hooks";

// The running command's signal, and its progress heartbeat (session/progress.ts): a check point is also where a
// long loop, silent otherwise, lets the host know the command is still at work.
const scope = new AsyncLocalStorage<{ signal: AbortSignal | undefined; beat: (() => void) | undefined }>();

/** Thrown at a check point when the running command was cancelled; the session reports it as a cancellation. */
export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

/** Runs `work` (and everything it awaits) with `signal` as the one its check points read, and `beat` as its heartbeat. */
export function withCancelScope<T>(signal: AbortSignal | undefined, work: () => T, beat?: () => void): T {
  return signal === undefined && beat === undefined ? work() : scope.run({ signal, beat }, work);
}

/** Whether the running command was cancelled, for code that must stop other threads before it unwinds. */
export function cancelRequested(): boolean {
  return scope.getStore()?.signal?.aborted === true;
}

/** A check point: throws CancelledError when the running command's signal is aborted (no scope: never); else a heartbeat. */
export function checkCancelled(): void {
  const store = scope.getStore();
  if (store === undefined) return;
  if (store.signal?.aborted === true) throw new CancelledError();
  store.beat?.();
}

/** A heartbeat only, for loops that read their signal themselves (the reporter sends at most one a second). */
export function heartbeat(): void {
  scope.getStore()?.beat?.();
}
