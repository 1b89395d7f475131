// The headless backend with its engine session in a worker thread: the control package's session-in-a-worker
// (@mcp-wrappers/fieldcraft-control, src/worker) running src/backend/worker/entry.ts. The server's thread keeps the
// protocol: pings, tools/list and cancellations are answered while the worker meshes, solves or renders.
import { startSessionWorker, workerSession } from "@mcp-wrappers/fieldcraft-control";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, CommandInfo, ExecuteOptions } from "../types.js";
import { ENGINE_NAME } from "../headless.js";
import { jsonTextResultParts, type SerializedResultParts } from "@mcp-wrappers/mcp-core";
import type { BatchStep } from "../../replies/batch.js";
import type { BatchPayload, CapturePayload, WorkerInit } from "./messages.js";

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

const DEFAULT_ENTRY = new URL("./headless-worker.js", import.meta.url);

export function startWorkerBackend(options: WorkerBackendOptions): Backend {
  const { note, entry = DEFAULT_ENTRY, catalogue, ...init } = options;
  const worker = startSessionWorker({ entry, workerData: init satisfies WorkerInit, ...(note ? { note } : {}) });
  const session = workerSession(worker, catalogue);
  const description: BackendDescription = { kind: "headless", name: ENGINE_NAME, version: init.version, hasUi: false };
  return {
    hasUi: false,
    execute: (command, params, options) => session.execute(command, params, options),
    catalogue: () => catalogue,
    async capture(request: CaptureRequest, options?: ExecuteOptions): Promise<CaptureOutcome> {
      const reply = await worker.call("capture", request satisfies CapturePayload, request.command, options);
      return reply.ok ? (reply.value as CaptureOutcome) : reply;
    },
    async batch(steps: readonly BatchStep[], options?: ExecuteOptions): Promise<SerializedResultParts> {
      const reply = await worker.call("batch", steps satisfies BatchPayload, "batch", options);
      if (reply.ok) return reply.value as SerializedResultParts;
      // The worker could not run it (it died, or the server is closing): the batch's own failure shape.
      const failed = { index: 0, command: steps[0]?.command ?? "batch", error: reply.error };
      return jsonTextResultParts(JSON.stringify({ ok: false, completed: 0, total: steps.length, results: [], failed }), { isError: true });
    },
    describe: () => description,
    close: () => worker.close(),
  };
}
