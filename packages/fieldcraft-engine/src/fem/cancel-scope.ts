// Cancellation that reaches deep loops without a signal parameter in every kernel's signature. The session runs
// each command inside the scope of its AbortSignal (AsyncLocalStorage follows it across awaits, and two sessions
// in one thread keep their own); a long loop calls `checkCancelled()` every few thousand rows and is unwound by
// the throw. A host that runs the engine in a worker raises the signal from another thread (a shared flag its
// `aborted` reads), so these check points are what makes a cancel land within a fraction of a second.
import { AsyncLocalStorage } from "node:async_hooks";

const scope = new AsyncLocalStorage<AbortSignal>();

/** Thrown at a check point when the running command was cancelled; the session reports it as a cancellation. */
export class CancelledError extends Error {
  constructor() {
    super("cancelled");
    this.name = "CancelledError";
  }
}

/** Runs `work` (and everything it awaits) with `signal` as the one its check points read. */
export function withCancelScope<T>(signal: AbortSignal | undefined, work: () => T): T {
  return signal === undefined ? work() : scope.run(signal, work);
}

/** Whether the running command was cancelled, for code that must stop other threads before it unwinds. */
export function cancelRequested(): boolean {
  return scope.getStore()?.aborted === true;
}

/** A check point: throws CancelledError when the running command's signal is aborted (no scope: never). */
export function checkCancelled(): void {
  if (scope.getStore()?.aborted === true) throw new CancelledError();
}
