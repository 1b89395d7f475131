// The headless backend with its engine session in a worker thread (node:worker_threads). The server's thread
// keeps the protocol: pings, tools/list and cancellations are answered while the worker meshes, solves or
// renders. Requests and replies are messages (PNG bytes moved, not copied); cancellation is a shared flag the
// engine's signal polls (shared-signal.ts); progress comes back as messages.
import { Worker } from "node:worker_threads";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, CommandInfo, CommandOutcome, ExecuteOptions } from "../types.js";
import { ENGINE_NAME } from "../headless.js";
import { jsonTextResultParts, type SerializedResultParts } from "@mcp-wrappers/mcp-core";
import type { BatchStep } from "../../replies/batch.js";
import type { FromWorker, ToWorker, WorkerInit } from "./messages.js";
import { newCancelFlag, raiseFlag } from "./shared-signal.js";

export interface WorkerBackendOptions extends WorkerInit {
  /**
   * The session's catalogue (headlessCatalogue()), known on this thread: the server builds its tool table and
   * answers `initialize` while the worker is still loading the engine on the other core.
   */
  catalogue: CommandInfo[];
  note?: (message: string) => void;
  /** The worker's script; default: headless-worker.js beside the built server (dist/). */
  entry?: URL;
}

/** How long a clean close may take (the autosave's removal) before the thread is ended anyway. */
export const CLOSE_GRACE_MS = 4_000;

const DEFAULT_ENTRY = new URL("./headless-worker.js", import.meta.url);

interface Pending {
  what: string;
  resolve(outcome: CommandOutcome | CaptureOutcome | SerializedResultParts): void;
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

export function startWorkerBackend(options: WorkerBackendOptions): Backend {
  const { note, entry = DEFAULT_ENTRY, catalogue, ...init } = options;
  let nextId = 1;
  let closing: Promise<void> | null = null;

  function startThread(): Thread {
    // stdout: true keeps the worker's stdout off the protocol's: it is copied to stderr below.
    const worker = new Worker(entry, { workerData: init satisfies WorkerInit, stdout: true });
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
          case "progress":
            thread.pending.get(message.id)?.onProgress?.(message.progress);
            return;
          case "outcome":
          case "batch-reply":
          case "closed": {
            const waiting = thread.pending.get(message.id);
            thread.pending.delete(message.id);
            waiting?.resolve(message.type === "outcome" ? message.outcome : message.type === "batch-reply" ? message.parts : { ok: true, result: null });
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
    if (!thread.alive) thread = startThread();
    await thread.ready;
    return thread;
  }

  async function request(what: string, message: (id: number, flag: Int32Array, progress: boolean) => ToWorker, options: ExecuteOptions = {}) {
    if (closing !== null) return { ok: false as const, error: `${what}: the server is shutting down` };
    let current: Thread;
    try {
      current = await live();
    } catch (error) {
      return { ok: false as const, error: `${what}: ${(error as Error).message}` };
    }
    if (closing !== null) return { ok: false as const, error: `${what}: the server is shutting down` };
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
      return await new Promise<CommandOutcome | CaptureOutcome | SerializedResultParts>((resolve) => {
        current.pending.set(id, { what, resolve, ...(onProgress ? { onProgress } : {}) });
        current.worker.postMessage(message(id, flag, onProgress !== undefined));
      });
    } finally {
      signal?.removeEventListener("abort", cancel);
    }
  }

  const description: BackendDescription = { kind: "headless", name: ENGINE_NAME, version: init.version, hasUi: false };
  return {
    hasUi: false,
    execute: (command, params, options) =>
      request(command, (id, flag, progress) => ({ type: "execute", id, command, params: params ?? {}, flag, progress }), options) as Promise<CommandOutcome>,
    catalogue: () => catalogue,
    capture: (request_: CaptureRequest, options?: ExecuteOptions) =>
      request(request_.command, (id, flag, progress) => ({ type: "capture", id, request: request_, flag, progress }), options) as Promise<CaptureOutcome>,
    async batch(steps: readonly BatchStep[], options?: ExecuteOptions): Promise<SerializedResultParts> {
      const reply = await request("batch", (id, flag, progress) => ({ type: "batch", id, steps, flag, progress }), options);
      if ("textJson" in reply) return reply;
      // The worker could not run it (it died, or the server is closing): the batch's own failure shape.
      const error = reply.ok ? "batch: the engine gave no reply" : reply.error;
      const failed = { index: 0, command: steps[0]?.command ?? "batch", error };
      return jsonTextResultParts(JSON.stringify({ ok: false, completed: 0, total: steps.length, results: [], failed }), { isError: true });
    },
    describe: () => description,
    close: () =>
      (closing ??= (async () => {
        const current = thread;
        if (!current.alive) return;
        // Still loading the engine: no session, no autosave, nothing to wait for.
        if (!current.started) return void (await current.worker.terminate());
        const id = nextId++;
        const closed = new Promise<unknown>((resolve) => {
          current.pending.set(id, { what: "close", resolve });
          current.worker.postMessage({ type: "close", id } satisfies ToWorker);
        });
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, CLOSE_GRACE_MS);
        });
        await Promise.race([closed, grace]);
        clearTimeout(timer);
        // The thread ends with the session: a worker never outlives the server, even one stuck in work.
        await current.worker.terminate();
      })()),
  };
}
