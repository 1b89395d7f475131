// The bridged backend: every tool's commands go over the control channel to the running app.
import type { CallOutcome, ControlClient } from "@mcp-wrappers/fieldcraft-control";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, CommandInfo, CommandOutcome, ExecuteOptions } from "../types.js";
import { unansweredOutcome } from "./messages.js";
import { makeTempPicture, MAX_PICTURE_BYTES } from "./temp-picture.js";

/** The request parameter that tells the app where to write a picture for us (control-protocol.md, Pictures). */
export const CAPTURE_PATH_PARAM = "capture_path";

export interface BridgedBackendOptions {
  client: ControlClient;
  target: string;
  app: { name: string; version: string; ui: boolean };
  /** The app's catalogue, as checked by the control client (`describe`). */
  catalogue: CommandInfo[];
  /** A call with no reply within this long fails (default 30 minutes: a solve can be long). */
  callTimeoutMs?: number;
  maxPictureBytes?: number;
}

export function createBridgedBackend(options: BridgedBackendOptions): Backend {
  const { client, target } = options;
  const timeoutMs = options.callTimeoutMs ?? 30 * 60 * 1000;
  const mutating = new Map(options.catalogue.map((c) => [c.id, c.effects.mutates]));
  const description: BackendDescription = { kind: "bridged", name: options.app.name, version: options.app.version, hasUi: options.app.ui, target };

  const toOutcome = (command: string, outcome: CallOutcome): CommandOutcome => {
    if (outcome.ok) return { ok: true, result: outcome.result };
    if (outcome.failure === "remote") return { ok: false, error: outcome.error, ...(outcome.details ? { details: outcome.details } : {}) };
    // A command we do not know is treated as an edit: better a needless warning than a silent double apply.
    return unansweredOutcome(command, mutating.get(command) ?? true, outcome, target);
  };

  const call = async (command: string, params: unknown, execOptions?: ExecuteOptions): Promise<CommandOutcome> => {
    if (params !== undefined && (typeof params !== "object" || params === null || Array.isArray(params))) {
      return { ok: false, error: `${command}: params must be a JSON object` };
    }
    const outcome = await client.call(command, (params as Record<string, unknown>) ?? {}, {
      timeoutMs,
      ...(execOptions?.signal ? { signal: execOptions.signal } : {}),
      ...(execOptions?.onProgress ? { onProgress: execOptions.onProgress } : {}),
    });
    return toOutcome(command, outcome);
  };

  return {
    hasUi: options.app.ui,
    execute: call,
    catalogue: () => options.catalogue,
    async capture(request: CaptureRequest, execOptions?: ExecuteOptions): Promise<CaptureOutcome> {
      const picture = await makeTempPicture(options.maxPictureBytes ?? MAX_PICTURE_BYTES);
      try {
        const outcome = await call(request.command, { ...request.params, [CAPTURE_PATH_PARAM]: picture.path }, execOptions);
        if (!outcome.ok) return outcome;
        const read = await picture.read();
        if (!read.ok) return read;
        // What the picture shows, without how it travelled (the temporary file and its size).
        const { png: _inline, [CAPTURE_PATH_PARAM]: _path, bytes: _bytes, ...shows } = (outcome.result ?? {}) as Record<string, unknown>;
        return { ok: true, png: read.png, result: shows };
      } finally {
        await picture.dispose();
      }
    },
    describe: () => description,
    close: async () => client.close(),
  };
}
