// A session whose engine runs in a worker, seen from the host's thread as any served session: `execute` is a
// call to the worker's `execute` row; the catalogue is known here (it is static), so it is answered at once.
import type { CommandInfo, CommandOutcome, ExecuteOptions, ServedSession } from "../protocol/session.js";
import type { SessionWorker } from "./host.js";
import type { ExecutePayload } from "./serve.js";

export function workerSession(worker: SessionWorker, catalogue: CommandInfo[]): ServedSession {
  return {
    catalogue: () => catalogue,
    async execute(command: string, params?: unknown, options?: ExecuteOptions): Promise<CommandOutcome> {
      const reply = await worker.call("execute", { command, params: params ?? {} } satisfies ExecutePayload, command, options);
      return reply.ok ? (reply.value as CommandOutcome) : { ok: false, error: reply.error };
    },
  };
}
