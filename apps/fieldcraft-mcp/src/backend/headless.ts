// The headless backend: an in-process engine session; file access goes through the confinement roots.
import { createSession, uiSelectCommand, uiSelectionCommand, type Caps, type FileAccess } from "@mcp-wrappers/fieldcraft-engine";
import { uiSceneCommand } from "@mcp-wrappers/fieldcraft-viewer";
import type { Backend, BackendDescription, CaptureOutcome, CaptureRequest, CommandInfo, ExecuteOptions } from "./types.js";
import { pngFromRenderResult } from "./png-result.js";

export const ENGINE_NAME = "fieldcraft-engine";

/** The rows a headless session adds: the viewer's scene, and a selection of its own (picks in the MCP App view, by name or id). */
const HEADLESS_COMMANDS = [uiSceneCommand, uiSelectCommand, uiSelectionCommand];

/** The headless session's catalogue, without starting one that works (for a host whose session runs elsewhere). */
export function headlessCatalogue(): CommandInfo[] {
  return createSession({ commands: HEADLESS_COMMANDS }).catalogue();
}

export interface HeadlessOptions {
  /** Seconds between recovery autosaves (0: off); absent: no autosave (tests, embedders, HTTP sessions). */
  autosaveSeconds?: number;
  note?: (message: string) => void;
  /** Engine caps for this session (HTTP sessions get a share of the server's memory). */
  caps?: Partial<Caps>;
}

export function createHeadlessBackend(fileAccess: FileAccess, version: string, options: HeadlessOptions = {}): Backend {
  // The recovery folder is the user's own, outside the confinement roots: no agent names a path there.
  const session = createSession({
    fileAccess,
    commands: HEADLESS_COMMANDS,
    // FIELDCRAFT_CHECK_RESULTS=1 (the tests): every command result is checked against its declared schema.
    checkResults: process.env.FIELDCRAFT_CHECK_RESULTS === "1",
    ...(options.caps !== undefined ? { caps: options.caps } : {}),
    ...(options.autosaveSeconds !== undefined ? { recovery: { autosaveSeconds: options.autosaveSeconds, ...(options.note ? { onError: options.note } : {}) } } : {}),
  });
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
    // A clean exit leaves nothing in the recovery folder.
    close: () => session.close(),
  };
}
