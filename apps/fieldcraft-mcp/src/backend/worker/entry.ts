// The engine worker: the same headless session as in-process, built in its own thread from the roots, so the
// server's thread only moves messages and the protocol is answered during a mesh, a solve or a long batch.
import { parentPort, workerData } from "node:worker_threads";
import { createFileAccess, hostPathStyle, nodeFsProbe } from "../../confinement/index.js";
import { partsTransferList } from "@mcp-wrappers/mcp-core";
import { runBatch } from "../../replies/batch.js";
import { createHeadlessBackend } from "../headless.js";
import type { ExecuteOptions } from "../types.js";
import type { FromWorker, ToWorker, WorkerInit } from "./messages.js";
import { flagSignal } from "./shared-signal.js";
import { transferables } from "./transfer.js";

// The worker's stdout is the server's stderr too (the host pipes it there); console.log must not look otherwise.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

const port = parentPort!;
const init = workerData as WorkerInit;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const fileAccess = createFileAccess(init.roots, { cwd: init.cwd, fs: nodeFsProbe, style: hostPathStyle() });
const backend = createHeadlessBackend(fileAccess, init.version, {
  ...(init.autosaveSeconds !== undefined ? { autosaveSeconds: init.autosaveSeconds } : {}),
  ...(init.caps !== undefined ? { caps: init.caps } : {}),
  note: (message) => send({ type: "note", message }),
});

/** Calls still running, by id: a "cancel" message aborts their signal's listeners too. */
const running = new Map<number, () => void>();

function optionsFor(message: { id: number; flag: Int32Array; progress: boolean }): ExecuteOptions {
  const { signal, abort } = flagSignal(message.flag, () => new Error("cancelled by the client"));
  running.set(message.id, abort);
  return {
    signal,
    ...(message.progress ? { onProgress: (progress) => send({ type: "progress", id: message.id, progress }) } : {}),
  };
}

async function answer(message: Extract<ToWorker, { type: "execute" | "capture" | "batch" }>): Promise<void> {
  const options = optionsFor(message);
  try {
    if (message.type === "batch") {
      // The reply's JSON is made here, on this thread: the server's only splices the strings into its line.
      const parts = await runBatch((command, params, stepOptions) => backend.execute(command, params, stepOptions), message.steps, { ...options, bytes: true });
      // As UTF-8 bytes, moved: the server's thread neither copies nor encodes them, it writes them out.
      send({ type: "batch-reply", id: message.id, parts }, partsTransferList(parts));
      return;
    }
    const outcome =
      message.type === "execute" ? await backend.execute(message.command, message.params, options) : await backend.capture(message.request, options);
    try {
      // PNG bytes and other owned buffers move to the server's thread instead of being copied.
      send({ type: "outcome", id: message.id, outcome }, transferables(outcome));
    } catch (error) {
      // A result that cannot be cloned (an engine bug) still gets its one reply.
      const what = message.type === "execute" ? message.command : message.request.command;
      send({ type: "outcome", id: message.id, outcome: { ok: false, error: `${what} failed: its result cannot be sent (${(error as Error).message})` } });
    }
  } finally {
    running.delete(message.id);
  }
}

port.on("message", (message: ToWorker) => {
  switch (message.type) {
    case "execute":
    case "capture":
    case "batch":
      void answer(message);
      return;
    case "cancel":
      running.get(message.id)?.();
      return;
    case "close":
      // A clean exit removes this session's autosave; the host ends the thread after this reply.
      void backend.close().finally(() => send({ type: "closed", id: message.id }));
      return;
  }
});

send({ type: "ready" });
