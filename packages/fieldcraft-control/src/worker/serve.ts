// The worker's end of a session-in-a-worker: the calls a host may make (a table of rows), each run with a signal
// that reads the call's shared cancel flag, progress sent back as messages, the reply's buffers moved, and the
// state the host mirrors sent with every reply. The session itself is the app's: its entry builds it and calls this.
import { parentPort, type MessagePort } from "node:worker_threads";
import type { ExecuteOptions, ServedSession } from "../protocol/session.js";
import type { FromWorker, ToWorker } from "./messages.js";
import { flagSignal } from "./shared-signal.js";
import { transferables } from "./transfer.js";

/** One kind of call: how it runs and which buffers of its value move to the host (default: owned byte views). */
export interface WorkerCall {
  run(payload: unknown, options: ExecuteOptions): Promise<unknown>;
  transfer?(value: unknown): ArrayBuffer[];
}

export interface MirrorUpdate {
  state: unknown;
  transfer?: ArrayBuffer[];
}

export interface WorkerService {
  calls: Record<string, WorkerCall>;
  /** A clean end (the session's autosave removed); the host ends the thread after it. */
  close(): Promise<void>;
  /** The state the host reads without asking (null: unchanged); taken at start and after every call. */
  mirror?(): MirrorUpdate | null;
}

/** The payload of an `execute` call. */
export interface ExecutePayload {
  command: string;
  params?: unknown;
}

/** The `execute` row over a session: the one call every session worker has. */
export function executeCall(session: Pick<ServedSession, "execute">): WorkerCall {
  return {
    run: (payload, options) => {
      const { command, params } = payload as ExecutePayload;
      return session.execute(command, params ?? {}, options);
    },
  };
}

function hostPort(): MessagePort {
  if (parentPort === null) throw new Error("serveInWorker runs inside a worker thread only");
  return parentPort;
}

/** A line for the host's log (its stderr), from anywhere in the worker. */
export function noteToHost(message: string): void {
  hostPort().postMessage({ type: "note", message } satisfies FromWorker);
}

export function serveInWorker(service: WorkerService): void {
  const port = hostPort();
  // The worker's stdout is the host's stderr too (the host pipes it there); console.log must not look otherwise.
  console.log = console.error;
  console.info = console.error;
  console.debug = console.error;
  const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
  const sendMirror = () => {
    const update = service.mirror?.();
    if (update) send({ type: "mirror", state: update.state }, update.transfer ?? []);
  };

  /** Calls still running, by id: a "cancel" message aborts their signal's listeners too. */
  const running = new Map<number, () => void>();

  async function answer(message: Extract<ToWorker, { type: "call" }>): Promise<void> {
    const { signal, abort } = flagSignal(message.flag, () => new Error("cancelled by the client"));
    running.set(message.id, abort);
    const options: ExecuteOptions = {
      signal,
      ...(message.progress ? { onProgress: (progress) => send({ type: "progress", id: message.id, progress }) } : {}),
    };
    try {
      const row = service.calls[message.kind];
      let value: unknown;
      try {
        value = row ? await row.run(message.payload, options) : { ok: false, error: `the session worker has no call \`${message.kind}\`` };
      } catch (error) {
        // A row that throws (an engine bug) still gets its one reply, as a failure.
        value = { ok: false, error: `${message.kind} failed: ${(error as Error).message}` };
      }
      sendMirror();
      try {
        // PNG bytes, serialised replies and other owned buffers move to the host's thread instead of being copied.
        send({ type: "reply", id: message.id, value }, (row?.transfer ?? transferables)(value));
      } catch (error) {
        send({ type: "unsendable", id: message.id, error: `its result cannot be sent (${(error as Error).message})` });
      }
    } finally {
      running.delete(message.id);
    }
  }

  port.on("message", (message: ToWorker) => {
    switch (message.type) {
      case "call":
        void answer(message);
        return;
      case "cancel":
        running.get(message.id)?.();
        return;
      case "close":
        void service.close().finally(() => send({ type: "closed", id: message.id }));
        return;
    }
  });

  sendMirror();
  send({ type: "ready" });
}
