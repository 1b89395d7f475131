import type { IncomingMessage } from "node:http";

export type BodyOutcome =
  | { readonly kind: "ok"; readonly bytes: Buffer }
  /** Over the limit. `drained`: the rest was read and dropped, so the answer reaches a client that kept sending. */
  | { readonly kind: "too-large"; readonly drained: boolean }
  | { readonly kind: "aborted" }
  /** The bodies of all requests in flight together passed the server's total: answered 503, the connection closed. */
  | { readonly kind: "busy" };

/** The bytes of request bodies held at once across all connections, and the most allowed. */
export class BodyBudget {
  held = 0;
  constructor(readonly max: number) {}
}

/** How much of an oversized body is read and dropped (never held) so its sender can read our 413. */
const DRAIN_FACTOR = 4;

/**
 * Reads a request body up to `limit` bytes. Past the limit the chunks already held are dropped and
 * the rest (up to 4 × limit) is read and discarded before answering: a client still writing when
 * the server answered and closed would see a broken pipe instead of the 413. Beyond that the
 * answer goes out at once and the connection is closed.
 */
export function readBody(req: IncomingMessage, limit: number, budget?: BodyBudget): Promise<BodyOutcome> {
  const declared = Number(req.headers["content-length"]);
  const drainLimit = limit * DRAIN_FACTOR;
  if (Number.isFinite(declared) && declared > drainLimit) {
    req.resume();
    return Promise.resolve({ kind: "too-large", drained: false });
  }
  return new Promise((resolve) => {
    let chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    let settled = false;
    let held = 0;
    const release = (): void => {
      if (budget !== undefined) budget.held -= held;
      held = 0;
    };
    const settle = (outcome: BodyOutcome): void => {
      if (settled) return;
      settled = true;
      release();
      resolve(outcome);
    };
    req.on("data", (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (over) {
        if (size > drainLimit) settle({ kind: "too-large", drained: false });
        return;
      }
      if (size > limit) {
        over = true;
        chunks = [];
        release();
        return;
      }
      if (budget !== undefined) {
        if (budget.held + chunk.length > budget.max) {
          chunks = [];
          settle({ kind: "busy" });
          return;
        }
        budget.held += chunk.length;
        held += chunk.length;
      }
      chunks.push(chunk);
    });
    req.once("end", () => {
      if (over) settle({ kind: "too-large", drained: true });
      else settle({ kind: "ok", bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) });
    });
    req.once("error", () => settle({ kind: "aborted" }));
    req.once("close", () => {
      if (!req.complete) settle({ kind: "aborted" });
    });
  });
}
