import type { ToolResult } from "./types.js";

/**
 * Makes a tool's return value a well-formed result for the negotiated era: anything that is not
 * a result becomes an error result naming the problem, and `structuredContent` is dropped where
 * the client's version does not know it.
 */
export function gateResult(value: unknown, structured: boolean): ToolResult {
  if (!isToolResult(value)) {
    return { content: [{ type: "text", text: "the tool returned no valid result (expected { content: [...] })" }], isError: true };
  }
  if (structured || value.structuredContent === undefined) return value;
  const { structuredContent: _dropped, ...rest } = value;
  return rest;
}

function isToolResult(value: unknown): value is ToolResult {
  return typeof value === "object" && value !== null && Array.isArray((value as ToolResult).content);
}
