import assert from "node:assert/strict";
import { RawDriver, type RpcMessage } from "../raw-driver.js";
import type { ResolvedOptions, ToolCallSpec } from "./options.js";

/** Runs `body` against a fresh server, checks stdout discipline, and always stops the server. */
export async function withServer(o: ResolvedOptions, body: (d: RawDriver) => Promise<void>): Promise<void> {
  const driver = RawDriver.spawn(o);
  try {
    await body(driver);
    assertClean(driver);
  } finally {
    await driver.close();
  }
}

/** Runs `body` once per version, each on a fresh server initialized with it (a session negotiates once). */
export async function withEachVersion(o: ResolvedOptions, versions: readonly string[], body: (d: RawDriver, version: string) => Promise<void>): Promise<void> {
  for (const version of versions) {
    await withServer(o, async (d) => {
      await d.initialize(version);
      await body(d, version);
    });
  }
}

export function assertClean(driver: RawDriver): void {
  assert.deepEqual(driver.violations, [], "stdout must carry JSON-RPC messages only");
}

export function assertError(reply: RpcMessage, code: number, id: unknown, what: string): void {
  assert.ok(reply.error !== undefined, `${what}: expected a ${code} error, got ${JSON.stringify(reply)}`);
  assert.equal(reply.error.code, code, `${what}: error code (reply ${JSON.stringify(reply)})`);
  assert.equal(typeof reply.error.message, "string", `${what}: error message must be a string`);
  assert.ok(Object.is(reply.id, id) || JSON.stringify(reply.id) === JSON.stringify(id), `${what}: id must be ${JSON.stringify(id)}, got ${JSON.stringify(reply.id)}`);
  assert.equal("result" in reply, false, `${what}: an error reply has no result`);
}

export function assertResult(reply: RpcMessage, what: string): any {
  assert.ok(reply.error === undefined && "result" in reply, `${what}: expected a result, got ${JSON.stringify(reply)}`);
  return reply.result;
}

/**
 * Sends raw text and resolves with the next reply (server notifications such as log messages are
 * passed over; the server must answer this line before anything else is sent).
 */
export async function answerTo(d: RawDriver, line: string | Uint8Array, what: string): Promise<RpcMessage> {
  d.send(line);
  return nextReply(d, what);
}

/** The next message that is not a server-to-client notification. */
export async function nextReply(d: RawDriver, what: string, timeoutMs?: number): Promise<RpcMessage> {
  for (;;) {
    const message = (await d.next(timeoutMs).catch((error: Error) => {
      throw new Error(`${what}: ${error.message}`);
    })) as RpcMessage;
    if (!isServerNotification(message)) return message;
  }
}

function isServerNotification(message: unknown): boolean {
  return typeof message === "object" && message !== null && !Array.isArray(message) && "method" in message && !("id" in message);
}

/** Proves that nothing was answered to what was sent before: a ping sent now is the next message. */
export async function assertNothingAnsweredBefore(d: RawDriver, what: string): Promise<void> {
  const id = `probe-${Math.random().toString(36).slice(2)}`;
  d.send(JSON.stringify({ jsonrpc: "2.0", id, method: "ping" }));
  const next = await nextReply(d, what);
  assert.deepEqual(next, { jsonrpc: "2.0", id, result: {} }, `${what}: must get no reply; the next message should answer the probe ping`);
}

export function callParams(call: ToolCallSpec, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: call.name, arguments: call.arguments ?? {}, ...extra };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function isToolResult(result: unknown): boolean {
  return typeof result === "object" && result !== null && Array.isArray((result as { content?: unknown }).content);
}

export const SPOKEN = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"] as const;
export const OLD_ERAS = ["2025-03-26", "2024-11-05"] as const;
export const NEW_ERAS = ["2025-11-25", "2025-06-18"] as const;
