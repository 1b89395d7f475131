// The `batch` tool's work and its reply, below the tool table: the engine worker runs it next to the session, so
// the steps' results never cross to the protocol's thread as values and the reply's JSON (many megabytes for a
// thousand probes) is made there too; the protocol's thread only splices the finished text into its reply line.
import { jsonTextResultParts, type SerializedResultParts } from "@mcp-wrappers/mcp-core";
import type { CommandOutcome, ExecuteOptions } from "../backend/types.js";
import { MAX_REPLY_BYTES, overBoundMessage, resultJson } from "./reply-bound.js";

export interface BatchStep {
  command: string;
  params?: Record<string, unknown>;
}

export interface BatchOptions extends ExecuteOptions {
  /** The reply as UTF-8 bytes (the worker: moved to the server's thread and written as they are), else strings. */
  bytes?: boolean;
}

export type RunStep = (command: string, params: Record<string, unknown>, options: ExecuteOptions) => Promise<CommandOutcome>;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `{"index":i,"command":"…","result":…}` from a result already serialised (its key left out when it has none). */
function stepJson(index: number, command: string, result: string | undefined): string {
  const head = '{"index":' + index + ',"command":' + JSON.stringify(command);
  return result === undefined ? head + "}" : head + ',"result":' + result + "}";
}

function replyJson(ok: boolean, completed: number, total: number, results: readonly string[], failed?: object): string {
  const head = '{"ok":' + ok + ',"completed":' + completed + ',"total":' + total + ',"results":[' + results.join(",") + "]";
  return failed === undefined ? head + "}" : head + ',"failed":' + JSON.stringify(failed) + "}";
}

/**
 * Runs the steps in order, stopping at the first failure, at the reply bound or when `signal` is aborted, and
 * returns the reply `{ok, completed, total, results, failed?}` serialised: each step's result is stringified once,
 * as it comes, and the reply is concatenated from those pieces.
 */
export async function runBatch(run: RunStep, steps: readonly BatchStep[], options: BatchOptions = {}): Promise<SerializedResultParts> {
  const { signal, onProgress, bytes: asBytes = false } = options;
  const results: string[] = [];
  // The room the reply takes: each result counts twice (structured and as text).
  let bytes = 0;
  for (const [index, { command, params }] of steps.entries()) {
    // Let this thread's loop turn between steps: cancel messages, progress and the autosave timer get their turn.
    await yieldToEventLoop();
    if (signal?.aborted) break;
    // Steps report their own progress only through the batch's count, which stays monotonic.
    const outcome = await run(command, params ?? {}, signal === undefined ? {} : { signal });
    if (!outcome.ok) {
      const failed = { index, command, error: outcome.error, ...(outcome.details === undefined ? {} : { details: outcome.details }) };
      return jsonTextResultParts(replyJson(false, results.length, steps.length, results, failed), { isError: true, bytes: asBytes });
    }
    const json = resultJson(outcome.result);
    bytes += json === null ? Number.POSITIVE_INFINITY : 2 * (json?.length ?? 0);
    if (bytes > MAX_REPLY_BYTES) {
      // The results so far are dropped from the reply (they are what is too large); the steps stay applied.
      const error = overBoundMessage(
        `the results of steps 0-${index}`,
        bytes,
        "split the batch, or narrow what each step returns (fewer probe `nodes`, one step at a time); the steps before stay applied",
      );
      return jsonTextResultParts(replyJson(false, index + 1, steps.length, [], { index, command, error }), { isError: true, bytes: asBytes });
    }
    results.push(stepJson(index, command, json ?? undefined)); // null (unserialisable) was refused above
    onProgress?.({ progress: index + 1, total: steps.length, message: command });
  }
  return jsonTextResultParts(replyJson(true, results.length, steps.length, results), { bytes: asBytes });
}
