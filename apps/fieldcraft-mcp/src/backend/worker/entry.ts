// The engine worker: the same headless session as in-process, built in its own thread from the roots, so the
// server's thread only moves messages and the protocol is answered during a mesh, a solve or a long batch. The
// message loop, the shared cancel flag and the buffer moves are the control package's session-in-a-worker.
import { workerData } from "node:worker_threads";
import { executeCall, noteToHost, serveInWorker } from "@mcp-wrappers/fieldcraft-control";
import { createFileAccess, hostPathStyle, nodeFsProbe } from "../../confinement/index.js";
import { partsTransferList, type SerializedResultParts } from "@mcp-wrappers/mcp-core";
import { runBatch } from "../../replies/batch.js";
import { createHeadlessBackend } from "../headless.js";
import type { BatchPayload, CapturePayload, WorkerInit } from "./messages.js";

const init = workerData as WorkerInit;

const fileAccess = createFileAccess(init.roots, { cwd: init.cwd, fs: nodeFsProbe, style: hostPathStyle() });
const backend = createHeadlessBackend(fileAccess, init.version, {
  ...(init.autosaveSeconds !== undefined ? { autosaveSeconds: init.autosaveSeconds } : {}),
  ...(init.caps !== undefined ? { caps: init.caps } : {}),
  note: noteToHost,
});

serveInWorker({
  calls: {
    execute: executeCall(backend),
    capture: { run: (payload, options) => backend.capture(payload as CapturePayload, options) },
    batch: {
      // The reply's JSON is made here, on this thread: the server's only splices the strings into its line.
      run: (payload, options) => runBatch((command, params, stepOptions) => backend.execute(command, params, stepOptions), payload as BatchPayload, { ...options, bytes: true }),
      // As UTF-8 bytes, moved: the server's thread neither copies nor encodes them, it writes them out.
      transfer: (parts) => partsTransferList(parts as SerializedResultParts),
    },
  },
  // A clean exit removes this session's autosave.
  close: () => backend.close(),
});
