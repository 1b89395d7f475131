// What one reply may hold. A result is sent twice (structuredContent and its JSON text), and the whole
// JSON-RPC line must stay far below V8's 512 MiB string limit, or the server dies with "Invalid string length".

import { bytesAsBase64 } from "@mcp-wrappers/mcp-core";

export const MAX_REPLY_BYTES = 64 * 1024 * 1024;
const MIB = 1024 * 1024;

/** A value's JSON as it is sent (bytes as base64); undefined for a value JSON leaves out, null when it cannot be serialised. */
export function resultJson(value: unknown): string | undefined | null {
  try {
    return JSON.stringify(bytesAsBase64(value));
  } catch {
    return null; // RangeError: past the string limit on its own
  }
}

/**
 * The room a value takes in a reply (twice its JSON, bytes as the base64 they are sent as); Infinity when it
 * cannot even be serialised.
 */
export function replyBytes(value: unknown): number {
  const json = resultJson(value);
  return json === null ? Number.POSITIVE_INFINITY : 2 * (json?.length ?? 0);
}

export function overBoundMessage(what: string, bytes: number, narrow: string): string {
  const size = Number.isFinite(bytes) ? `${Math.ceil(bytes / MIB)} MiB` : "more than the largest string";
  return `${what} would take ${size} in the reply, over the ${MAX_REPLY_BYTES / MIB} MiB bound; ${narrow}`;
}
