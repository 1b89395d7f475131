// Cancellation that reaches synchronous engine work. The engine polls `signal.aborted` inside its loops, but a
// worker busy meshing never turns its event loop, so a "cancel" message would wait until the work ends. The flag
// lives in shared memory instead: the server's thread sets it, and the worker's signal reads it at every poll.

/** One call's cancellation flag: 0 running, 1 cancelled. Shared between the server's thread and the worker. */
export type CancelFlag = Int32Array;

export function newCancelFlag(): CancelFlag {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export function raiseFlag(flag: CancelFlag): void {
  Atomics.store(flag, 0, 1);
}

const nativeAborted = Object.getOwnPropertyDescriptor(AbortSignal.prototype, "aborted")!.get!;

/**
 * A real AbortSignal (listeners, `reason`, `throwIfAborted`) whose `aborted` also reads the shared flag: the first
 * poll after the flag is raised aborts it, so its listeners run right there, inside the polling work.
 */
export function flagSignal(flag: CancelFlag, reason: () => Error): { signal: AbortSignal; abort(): void } {
  const controller = new AbortController();
  const signal = controller.signal;
  const abort = () => {
    if (!nativeAborted.call(signal)) controller.abort(reason());
  };
  Object.defineProperty(signal, "aborted", {
    get() {
      if (Atomics.load(flag, 0) !== 0) abort();
      return nativeAborted.call(signal) as boolean;
    },
  });
  return { signal, abort };
}
