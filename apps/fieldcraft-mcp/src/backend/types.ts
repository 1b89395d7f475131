// The one interface the MCP tool table is written over. Two implementations:
//   headless — an in-process EngineSession (src/backend/headless.ts);
//   bridged  — the control-channel client to a running app (`--connect HOST:PORT`, issue 7).
// No tool knows which one it has: a tool asks `execute`, `catalogue`, `hasUi` and `capture`, nothing else.
import type { CommandInfo, CommandOutcome, ExecuteOptions } from "@mcp-wrappers/fieldcraft-engine";
import type { SerializedResultParts } from "@mcp-wrappers/mcp-core";

export type { CommandInfo, CommandOutcome, ExecuteOptions };

/** What the server tells about the session it drives (stderr notes, `describe` in replies). */
export interface BackendDescription {
  kind: "headless" | "bridged";
  /** Product name and version of what runs the commands ("fieldcraft-engine 0.1.0", "fieldcraft 0.1.0"). */
  name: string;
  version: string;
  /** True when a window exists: `select`, `selection` and `screenshot {source: "window"}` need it. */
  hasUi: boolean;
  /** Bridged: "HOST:PORT" of the app. */
  target?: string;
}

/**
 * A picture request. The tool chooses the command and its parameters; the backend decides how the PNG
 * bytes come back: headless, the engine's `ui.render` returns them in-process; bridged, the backend picks a
 * unique temporary file, adds it as the command's output path, lets the app write it, reads it back
 * (size-capped) and deletes it. `params` never carries that temporary path; `params.path`, when present, is
 * the agent's own copy (write-confined like any other write).
 */
export interface CaptureRequest {
  /** "ui.render": a model render (both backends). "ui.capture": the whole app window (bridged only). */
  command: "ui.render" | "ui.capture";
  params: Record<string, unknown>;
}

export type CaptureOutcome =
  | { ok: true; png: Uint8Array; /** The command's own result (camera, what was drawn, ...). */ result: unknown }
  | { ok: false; error: string; details?: Record<string, unknown> };

export interface Backend {
  readonly hasUi: boolean;
  /** Run one engine command. Never throws for a command failure: that is `{ ok: false, error }`. */
  execute(command: string, params?: unknown, options?: ExecuteOptions): Promise<CommandOutcome>;
  /** Every command the session offers; tool schemas (mesh methods, deck formats, analyses) derive from it. */
  catalogue(): Promise<CommandInfo[]> | CommandInfo[];
  /**
   * Runs a `batch` where the session lives and returns its reply already serialised (src/replies/batch.ts). The
   * worker backend has it, so neither the steps' results nor the reply's JSON touch the protocol's thread; without
   * it the tool runs the same loop over `execute`.
   */
  batch?(steps: readonly { command: string; params?: Record<string, unknown> }[], options?: ExecuteOptions): Promise<SerializedResultParts>;
  /** Produce a PNG picture (see CaptureRequest). */
  capture(request: CaptureRequest, options?: ExecuteOptions): Promise<CaptureOutcome>;
  describe(): BackendDescription;
  /** Release the session or the connection; called once, at shutdown. */
  close(): Promise<void>;
}
