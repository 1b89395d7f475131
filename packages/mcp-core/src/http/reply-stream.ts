import type { ServerResponse } from "node:http";
import type { Line } from "../transport/line-pieces.js";

export type Headers = Readonly<Record<string, string>>;

const SSE_HEADERS: Headers = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

/** One JSON-RPC message as an SSE event. */
export function sseEvent(line: string): string {
  return "event: message\ndata: " + line + "\n\n";
}

/**
 * The answer to one POST. It stays a plain JSON answer unless a notification (progress, a log
 * message) comes before the reply; then it becomes an SSE stream and the reply is its last event.
 * Notifications the client is not reading fast enough are dropped (they are advisory), so a client
 * that never reads cannot make the server hold more than one reply for it.
 */
export class ReplyStream {
  readonly #res: ServerResponse;
  readonly #headers: Headers;
  readonly #sseAllowed: boolean;
  #sse = false;
  #done = false;
  /** Notifications dropped because the client was not reading. */
  dropped = 0;

  constructor(res: ServerResponse, headers: Headers, sseAllowed: boolean) {
    this.#res = res;
    this.#headers = headers;
    this.#sseAllowed = sseAllowed;
  }

  /** A notification about the message being answered. */
  readonly notify = (line: string): void => {
    if (this.#done || this.#res.destroyed) return;
    if (!this.#sse) {
      if (!this.#sseAllowed) return;
      this.#sse = true;
      this.#res.writeHead(200, { ...SSE_HEADERS, ...this.#headers });
    }
    if (this.#res.writableNeedDrain) {
      this.dropped++;
      return;
    }
    this.#res.write(sseEvent(line));
  };

  /** The reply (null: none will come, e.g. the call was cancelled, or the body held only notifications). */
  finish(line: Line | null, status = 200): void {
    if (this.#done) return;
    this.#done = true;
    const res = this.#res;
    if (res.destroyed) return;
    if (this.#sse) {
      if (line === null) res.end();
      else if (typeof line === "string") res.end(sseEvent(line));
      else writePieces(res, ["event: message\ndata: ", ...line.pieces, "\n\n"]);
      return;
    }
    if (line === null) {
      res.writeHead(202, this.#headers).end();
      return;
    }
    const length = typeof line === "string" ? Buffer.byteLength(line) : line.byteLength();
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(length), ...this.#headers });
    if (typeof line === "string") res.end(line);
    else writePieces(res, line.pieces);
  }
}

/** Writes a body's pieces one after another (bytes as they are) and ends it. */
function writePieces(res: ServerResponse, pieces: readonly (string | Uint8Array)[]): void {
  for (const piece of pieces) res.write(piece);
  res.end();
}

/** A whole answer at once: a JSON-RPC line with a status, for refusals before any dispatch. */
export function sendJson(res: ServerResponse, status: number, line: string, headers: Headers = {}): void {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(line)), ...headers });
  res.end(line);
}
