import type { IncomingMessage } from "node:http";

export type BodyOutcome =
  | { readonly kind: "ok"; readonly bytes: Buffer }
  | { readonly kind: "too-large" }
  | { readonly kind: "aborted" };

/**
 * Reads a request body up to `limit` bytes. Past the limit the chunks already held are dropped
 * and the rest is read and discarded, so the answer (413) reaches a client still sending.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<BodyOutcome> {
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.resolve({ kind: "too-large" });
  }
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks = [];
        resolve({ kind: "too-large" });
        return;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (!over) resolve({ kind: "ok", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    });
    req.once("error", () => resolve({ kind: "aborted" }));
    req.once("close", () => {
      if (!req.complete && !over) resolve({ kind: "aborted" });
    });
  });
}
