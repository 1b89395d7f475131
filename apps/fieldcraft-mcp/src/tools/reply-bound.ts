// What one reply may hold. A result is sent twice (structuredContent and its JSON text), and the whole
// JSON-RPC line must stay far below V8's 512 MiB string limit, or the server dies with "Invalid string length".

import { bytesAsBase64 } from "@mcp-wrappers/mcp-core";

export const MAX_REPLY_BYTES = 64 * 1024 * 1024;
const MIB = 1024 * 1024;

/**
 * The room a value takes in a reply (twice its JSON, bytes as the base64 they are sent as); Infinity when it
 * cannot even be serialised.
 */
export function replyBytes(value: unknown): number {
  try {
    return 2 * (JSON.stringify(bytesAsBase64(value))?.length ?? 0);
  } catch {
    return Number.POSITIVE_INFINITY; // RangeError: past the string limit on its own
  }
}

export function overBoundMessage(what: string, bytes: number, narrow: string): string {
  const size = Number.isFinite(bytes) ? `${Math.ceil(bytes / MIB)} MiB` : "more than the largest string";
  return `${what} would take ${size} in the reply, over the ${MAX_REPLY_BYTES / MIB} MiB bound; ${narrow}`;
}
