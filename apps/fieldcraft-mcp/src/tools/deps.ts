// What every tool row is built from, and the shared bits of their declarations.
import type { ToolContext, ToolAnnotations } from "@mcp-wrappers/mcp-core";
import type { Backend, ExecuteOptions } from "../backend/types.js";
import type { CatalogueView } from "./catalogue-view.js";

export interface ToolDeps {
  backend: Backend;
  catalogue: CatalogueView;
}

/** One engine model: every call that touches it runs in arrival order, one at a time. */
export const MODEL_QUEUE = "model";

export const READS: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Changes the model; every change can be undone, so not destructive. */
export const EDITS: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };
/** Writes or overwrites files on disk. */
export const WRITES_FILES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false };
/** Runs any command, file writes included. */
export const ANY_COMMAND: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

export function engineOptions(ctx: ToolContext): ExecuteOptions {
  return { signal: ctx.signal, onProgress: (p) => ctx.progress(p) };
}

/** Drops the keys whose value is undefined, so optional tool arguments are not sent as explicit nulls. */
export function defined(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
}
