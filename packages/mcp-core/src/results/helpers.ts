import type { ToolResult } from "./types.js";

export interface ResultOptions {
  readonly isError?: boolean;
}

/** A plain text result. */
export function textResult(text: string, options: ResultOptions = {}): ToolResult {
  return options.isError ? { content: [{ type: "text", text }], isError: true } : { content: [{ type: "text", text }] };
}

/** A failed call as a result (the server keeps serving; the agent reads the message). */
export function errorResult(message: string): ToolResult {
  return { content: [{ type: "text", text: message }], isError: true };
}

/**
 * A structured result, always mirrored as compact JSON text. `structuredContent` must be an
 * object in MCP, so only plain objects are attached there; arrays and scalars are text only.
 */
export function jsonResult(value: unknown, options: ResultOptions = {}): ToolResult {
  const result: ToolResult = { content: [{ type: "text", text: JSON.stringify(value) ?? "null" }] };
  if (isPlainObject(value)) result.structuredContent = value;
  if (options.isError) result.isError = true;
  return result;
}

/**
 * An envelope result: the text is exactly the bytes given (never re-serialised), `isError` iff
 * the parsed envelope's `ok` is the boolean `false`, `structuredContent` the parsed object.
 */
export function envelopeResult(text: string, parsed: object): ToolResult {
  const result: ToolResult = {
    content: [{ type: "text", text }],
    isError: (parsed as { ok?: unknown }).ok === false,
  };
  if (isPlainObject(parsed)) result.structuredContent = parsed;
  return result;
}

/** A PNG picture and a text block saying what it shows (an object description is also structured). */
export function imageResult(pngBytes: Uint8Array, description: string | object): ToolResult {
  const data = Buffer.from(pngBytes.buffer, pngBytes.byteOffset, pngBytes.byteLength).toString("base64");
  const text = typeof description === "string" ? description : JSON.stringify(description);
  const result: ToolResult = {
    content: [
      { type: "image", data, mimeType: "image/png" },
      { type: "text", text },
    ],
  };
  if (isPlainObject(description)) result.structuredContent = description;
  return result;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
