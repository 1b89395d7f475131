// Measuring the protocol loop of a running server from outside, over raw JSON-RPC lines: how long a `ping`
// waits while a tool call works, and how long a cancelled call takes to let the next call in.
import type { RawDriver } from "@mcp-wrappers/mcp-core/testing";

const now = () => performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface PingReport {
  latencies: number[];
  max: number;
  median: number;
  /** How long the work ran, from the call to its reply. */
  workMs: number;
}

export function summary(latencies: number[]): { max: number; median: number; p95: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { max: sorted[sorted.length - 1] ?? Number.NaN, median: at(0.5), p95: at(0.95) };
}

/** Starts a tools/call and resolves its id and a promise of its reply. */
export function startCall(driver: RawDriver, name: string, args: Record<string, unknown>, id: string, timeoutMs = 600_000) {
  driver.send(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: { name, arguments: args, _meta: { progressToken: id } } }));
  return driver.waitFor(id, timeoutMs);
}

/**
 * Pings one after another (a new one `everyMs` after the last was sent, or as soon as its reply came when that
 * took longer) until `work` settles; each latency is send-to-reply. A stalled loop shows as one long latency.
 */
export async function pingsDuring(driver: RawDriver, work: Promise<unknown>, everyMs = 20): Promise<PingReport> {
  const started = now();
  let done = false;
  let workMs = 0;
  const settled = work.finally(() => {
    done = true;
    workMs = now() - started;
  });
  const latencies: number[] = [];
  let n = 0;
  while (!done) {
    const sent = now();
    await driver.request({ method: "ping", id: `ping-${n++}` }, 60_000);
    // Kept even when the work ended meanwhile: a ping that waited out the whole work is the stall itself.
    latencies.push(now() - sent);
    const left = everyMs - (now() - sent);
    if (left > 0) await sleep(left);
  }
  await settled;
  return { latencies, ...summary(latencies), workMs };
}

/**
 * Cancels a running call `afterMs` after it started and measures until a queued follow-up (`execute
 * model.activity`, behind it in the model queue and in the engine's) is answered: the time the work took to stop.
 */
export async function cancelLatency(driver: RawDriver, name: string, args: Record<string, unknown>, id: string, afterMs: number) {
  const reply = startCall(driver, name, args, id);
  let finishedFirst = false;
  void reply.then(
    () => (finishedFirst = true),
    () => undefined,
  );
  await sleep(afterMs);
  if (finishedFirst) return { finishedFirst: true, ms: Number.NaN };
  const cancelled = now();
  driver.notify("notifications/cancelled", { requestId: id, reason: "measuring cancellation" });
  const follow = await driver.request({ method: "tools/call", params: { name: "execute", arguments: { command: "model.activity" } } }, 120_000);
  const ms = now() - cancelled;
  if ((follow as { result?: { isError?: boolean } }).result?.isError) throw new Error(`the follow-up failed: ${JSON.stringify(follow)}`);
  return { finishedFirst, ms };
}
