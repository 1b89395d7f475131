import type { IncomingHttpHeaders } from "node:http";

/** The body member each name-bearing method mirrors into `Mcp-Name`. */
const NAME_SOURCE: Readonly<Record<string, string>> = { "tools/call": "name", "resources/read": "uri", "prompts/get": "name" };

const SENTINEL = /^=\?base64\?([A-Za-z0-9+/=]*)\?=$/;
const HEADER_SAFE = /^[\x20-\x7e\t]*$/;

/** A header value as the client meant it: the `=?base64?…?=` form decoded; undefined when it holds unsafe characters. */
export function decodeHeaderValue(value: string): string | undefined {
  const m = SENTINEL.exec(value);
  if (m !== null) return Buffer.from(m[1]!, "base64").toString("utf8");
  return HEADER_SAFE.test(value) ? value : undefined;
}

function single(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * The 2026-07-28 request headers checked against the body (SEP-2243): `MCP-Protocol-Version`,
 * `Mcp-Method` and, for calls and reads, `Mcp-Name` must be present and equal what the body says.
 * Returns the mismatch to report (-32020, HTTP 400), or undefined when they agree.
 */
export function modernHeaderMismatch(headers: IncomingHttpHeaders, version: string, method: string, params: unknown): string | undefined {
  const headerVersion = single(headers, "mcp-protocol-version");
  if (headerVersion === undefined) return "the MCP-Protocol-Version header is required";
  if (headerVersion !== version) {
    return `Header mismatch: MCP-Protocol-Version header value '${headerVersion}' does not match body value '${version}'`;
  }
  const headerMethod = single(headers, "mcp-method");
  if (headerMethod === undefined) return "the Mcp-Method header is required";
  if (headerMethod !== method) return `Header mismatch: Mcp-Method header value '${headerMethod}' does not match body value '${method}'`;
  const source = NAME_SOURCE[method];
  if (source === undefined) return undefined;
  const bodyValue = typeof params === "object" && params !== null ? (params as Record<string, unknown>)[source] : undefined;
  const raw = single(headers, "mcp-name");
  if (raw === undefined) return typeof bodyValue === "string" ? `the Mcp-Name header is required for ${method}` : undefined;
  const decoded = decodeHeaderValue(raw);
  if (decoded === undefined) return "the Mcp-Name header holds characters a header may not carry; use the =?base64?…?= form";
  if (decoded !== bodyValue) return `Header mismatch: Mcp-Name header value '${decoded}' does not match body value '${String(bodyValue)}'`;
  return undefined;
}
