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
 * The JSON form of a value: every Uint8Array in it becomes its base64 string (the one place bytes are
 * encoded on their way out); anything else is shared, and a value holding no bytes is returned as it is.
 */
export function bytesAsBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64");
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v === null || typeof v !== "object") continue; // the common case: long lists of numbers
      const w = bytesAsBase64(v);
      if (w !== v) (out ??= value.slice())[i] = w;
    }
    return out ?? value;
  }
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(value)) {
    const w = bytesAsBase64(v);
    if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
  }
  return out ?? value;
}

/**
 * A structured result, always mirrored as compact JSON text (bytes as base64). `structuredContent` must be an
 * object in MCP, so only plain objects are attached there; arrays and scalars are text only.
 */
export function jsonResult(value: unknown, options: ResultOptions = {}): ToolResult {
  const json = bytesAsBase64(value);
  const result: ToolResult = { content: [{ type: "text", text: JSON.stringify(json) ?? "null" }] };
  if (isPlainObject(json)) result.structuredContent = json;
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
