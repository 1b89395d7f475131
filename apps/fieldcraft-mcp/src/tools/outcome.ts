// Engine outcomes as tool results: a failure is an isError result carrying the engine's message, never a JSON-RPC error.
import { jsonResult, type ToolResult } from "@mcp-wrappers/mcp-core";
import type { CommandOutcome } from "../backend/types.js";
import { MAX_REPLY_BYTES, overBoundMessage, replyBytes } from "../replies/reply-bound.js";

export function failureResult(error: string, details?: Record<string, unknown>): ToolResult {
  return {
    content: [{ type: "text", text: error }],
    isError: true,
    structuredContent: details === undefined ? { ok: false, error } : { ok: false, error, details },
  };
}

/** A command's result as structured JSON (objects as they are; anything else wrapped as `{ result }`). */
export function valueResult(value: unknown): ToolResult {
  return jsonResult(typeof value === "object" && value !== null && !Array.isArray(value) ? value : { result: value });
}

export function outcomeResult(outcome: CommandOutcome): ToolResult {
  if (!outcome.ok) return failureResult(outcome.error, outcome.details);
  const bytes = replyBytes(outcome.result);
  if (bytes > MAX_REPLY_BYTES) {
    return failureResult(overBoundMessage("the result", bytes, "ask for less: fewer `nodes`, `elements` or `points`, one step, or a smaller picture"), {
      replyBytes: bytes,
      maxReplyBytes: MAX_REPLY_BYTES,
    });
  }
  return valueResult(outcome.result);
}

/**
 * Names the step that failed, for tools that run several commands. The engine's own messages
 * already start with `<command>: `; only a message that does not (a transport failure) gets the prefix.
 */
export function stepFailure(command: string, outcome: { error: string; details?: Record<string, unknown> }): ToolResult {
  const named = outcome.error.startsWith(`${command}: `) ? outcome.error : `${command}: ${outcome.error}`;
  return failureResult(named, { command, ...(outcome.details ?? {}) });
}
