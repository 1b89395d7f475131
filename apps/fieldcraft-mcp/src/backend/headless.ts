// The headless backend: an in-process engine session; file access goes through the confinement roots.
import { createSession, type EngineSession, type FileAccess } from "@mcp-wrappers/fieldcraft-engine";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, ExecuteOptions } from "./types.js";
import { pngFromRenderResult } from "./png-result.js";

export const ENGINE_NAME = "fieldcraft-engine";

export function createHeadlessBackend(fileAccess: FileAccess, version: string): Backend {
  // FIELDCRAFT_CHECK_RESULTS=1 (the tests): every command result is checked against its declared schema.
  const session: EngineSession = createSession({ fileAccess, checkResults: process.env.FIELDCRAFT_CHECK_RESULTS === "1" });
  const description: BackendDescription = { kind: "headless", name: ENGINE_NAME, version, hasUi: false };
  return {
    hasUi: false,
    execute: (command, params, options) => session.execute(command, params ?? {}, options),
    catalogue: () => session.catalogue(),
    async capture(request: CaptureRequest, options?: ExecuteOptions): Promise<CaptureOutcome> {
      if (request.command !== "ui.render") return { ok: false, error: `${request.command} needs the running app (--connect)` };
      const outcome = await session.execute("ui.render", request.params, options);
      if (!outcome.ok) return outcome;
      return pngFromRenderResult(outcome.result);
    },
    describe: () => description,
    close: async () => {},
  };
}
