// The host's end of a session-in-a-worker (node:worker_threads). The host's thread keeps its protocol (pings,
// describe, cancellations) while the worker meshes, solves or renders. Calls and replies are messages (buffers
// moved, not copied); cancellation is a shared flag the engine's signal polls (shared-signal.ts); progress and the
// mirrored state come back as messages. A worker that dies fails its calls; the next call starts a fresh one.
import { Worker } from "node:worker_threads";
import type { ExecuteOptions } from "../protocol/session.js";
import type { FromWorker, ToWorker } from "./messages.js";
import { newCancelFlag, raiseFlag } from "./shared-signal.js";

export interface SessionWorkerOptions {
  /** The worker's script: the app's entry, which builds its session and calls serveInWorker. */
  entry: URL;
  /** Given to the entry as workerData (structured-cloned). */
  workerData?: unknown;
  /** Lines for the host's log: the worker's notes, and a worker that stopped. */
  note?: (message: string) => void;
  /** Every mirrored state the worker sends, in order, each before the reply of the call that made it. */
  onMirror?: (state: unknown) => void;
  /** How long a clean close may take (the autosave's removal) before the thread is ended anyway. */
  closeGraceMs?: number;
}

export type CallResult = { ok: true; value: unknown } | { ok: false; error: string };

export interface SessionWorker {
  /** Resolves once the worker's session exists (starting a fresh worker after a crash); rejects when it cannot start. */
  ready(): Promise<void>;
  /** Runs one call row in the worker; `what` names it in failures. Never throws. */
  call(kind: string, payload: unknown, what: string, options?: ExecuteOptions): Promise<CallResult>;
  /** A clean close (the session's own), then the thread ends; at most `closeGraceMs`. */
  close(): Promise<void>;
}

/** Short: a close cancels the running calls first, and a stop (SIGTERM, closed stdin) must end within 2 s. */
export const CLOSE_GRACE_MS = 1_000;

interface Pending {
  what: string;
  /** The call's cancel flag: a close raises it, so work in the engine stops at its next poll. */
  flag?: ReturnType<typeof newCancelFlag>;
  resolve(result: CallResult): void;
  onProgress?: ExecuteOptions["onProgress"];
}

interface Thread {
  worker: Worker;
  ready: Promise<void>;
  /** Set once the session exists in the worker (before, there is nothing to close cleanly). */
  started: boolean;
  pending: Map<number, Pending>;
  alive: boolean;
}

function stoppedMessage(what: string, why: string): string {
  return `${what}: the engine stopped (${why}); the model is lost from memory, the next call starts a fresh session, and file.recovery.list shows this one's last autosave`;
}

export function startSessionWorker(options: SessionWorkerOptions): SessionWorker {
  const { entry, workerData, note, onMirror, closeGraceMs = CLOSE_GRACE_MS } = options;
  let nextId = 1;
  let closing: Promise<void> | null = null;

  function startThread(): Thread {
    // stdout: true keeps the worker's stdout off the host's (an MCP server's is the protocol's): copied to stderr.
    const worker = new Worker(entry, { workerData, stdout: true });
    worker.stdout.pipe(process.stderr, { end: false });
    const thread: Thread = { worker, ready: Promise.resolve(), started: false, pending: new Map(), alive: true };
    let failure: Error | undefined;
    thread.ready = new Promise<void>((resolve, reject) => {
      worker.on("message", (message: FromWorker) => {
        switch (message.type) {
          case "ready":
            thread.started = true;
            resolve();
            return;
          case "note":
            note?.(message.message);
            return;
          case "mirror":
            onMirror?.(message.state);
            return;
          case "progress":
            thread.pending.get(message.id)?.onProgress?.(message.progress);
            return;
          case "reply":
          case "unsendable":
          case "closed": {
            const waiting = thread.pending.get(message.id);
            thread.pending.delete(message.id);
            if (!waiting) return;
            if (message.type === "unsendable") waiting.resolve({ ok: false, error: `${waiting.what} failed: ${message.error}` });
            else waiting.resolve({ ok: true, value: message.type === "reply" ? message.value : null });
            return;
          }
        }
      });
      worker.on("error", (error) => {
        failure = error;
      });
      worker.on("exit", (code) => {
        thread.alive = false;
        const why = failure ? failure.message : `exit code ${code}`;
        reject(new Error(`the engine worker did not start: ${why}`));
        for (const [, waiting] of thread.pending) waiting.resolve({ ok: false, error: stoppedMessage(waiting.what, why) });
        thread.pending.clear();
        if (closing === null) note?.(`the engine worker stopped (${why}); the next call starts a fresh session`);
      });
    });
    // Awaited by the first call; a start that fails is that call's error, never an unhandled rejection.
    thread.ready.catch(() => undefined);
    return thread;
  }

  let thread = startThread();

  /** The live thread; after a crash, a fresh one (its model empty: the old one's autosave is recoverable). */
  async function live(): Promise<Thread> {
    if (!thread.alive && closing === null) thread = startThread();
    await thread.ready;
    return thread;
  }

  async function call(kind: string, payload: unknown, what: string, options: ExecuteOptions = {}): Promise<CallResult> {
    if (closing !== null) return { ok: false, error: `${what}: the session is shutting down` };
    let current: Thread;
    try {
      current = await live();
    } catch (error) {
      return { ok: false, error: `${what}: ${(error as Error).message}` };
    }
    if (closing !== null) return { ok: false, error: `${what}: the session is shutting down` };
    const id = nextId++;
    const flag = newCancelFlag();
    const { signal, onProgress } = options;
    const cancel = () => {
      raiseFlag(flag);
      if (current.alive) current.worker.postMessage({ type: "cancel", id } satisfies ToWorker);
    };
    if (signal?.aborted) raiseFlag(flag);
    else signal?.addEventListener("abort", cancel, { once: true });
    try {
      return await new Promise<CallResult>((resolve) => {
        current.pending.set(id, { what, resolve, flag, ...(onProgress ? { onProgress } : {}) });
        current.worker.postMessage({ type: "call", id, kind, payload, flag, progress: onProgress !== undefined } satisfies ToWorker);
      });
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  }

  return {
    ready: async () => void (await live()),
    call,
    close: () =>
      (closing ??= (async () => {
        const current = thread;
        if (!current.alive) return;
        // Still loading the engine: no session, no autosave, nothing to wait for.
        if (!current.started) return void (await current.worker.terminate());
        // Whatever runs is cancelled: the worker then takes the close message as soon as the work sees its flag.
        for (const [, waiting] of current.pending) if (waiting.flag) raiseFlag(waiting.flag);
        const id = nextId++;
        const closed = new Promise<unknown>((resolve) => {
          current.pending.set(id, { what: "close", resolve });
          current.worker.postMessage({ type: "close", id } satisfies ToWorker);
        });
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, closeGraceMs);
        });
        await Promise.race([closed, grace]);
        clearTimeout(timer);
        // The thread ends with the session: a worker never outlives its host, even one stuck in work.
        await current.worker.terminate();
      })()),
  };
}
