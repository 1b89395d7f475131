// The headless backend: an in-process engine session; file access goes through the confinement roots.
import { createSession, type Caps, type EngineSession, type FileAccess } from "@mcp-wrappers/fieldcraft-engine";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, ExecuteOptions } from "./types.js";
import { pngFromRenderResult } from "./png-result.js";

export const ENGINE_NAME = "fieldcraft-engine";

export function createHeadlessBackend(fileAccess: FileAccess, version: string, caps?: Partial<Caps>): Backend {
  const session: EngineSession = createSession(caps === undefined ? { fileAccess } : { fileAccess, caps });
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
