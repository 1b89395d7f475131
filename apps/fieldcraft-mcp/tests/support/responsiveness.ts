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
 * took longer) until `work` settles; each latency is from sending to the reply's bytes reaching this process (read
 * off stdout's chunks before anything parses them, so the client's own parsing is not counted). A stalled loop
 * shows as one long latency. With `replyId`, a wait ends at the latest when the first bytes of that call's reply
 * arrive: a ping answered after it waits in the pipe behind a reply of megabytes for this client to read, not for
 * the server; what is measured is whether the server answered while it was making that reply.
 */
export async function pingsDuring(driver: RawDriver, work: Promise<unknown>, everyMs = 20, replyId?: string): Promise<PingReport> {
  const started = now();
  let done = false;
  let workMs = 0;
  const settled = work.finally(() => {
    done = true;
    workMs = now() - started;
  });
  const arrived = new Map<string, number>();
  let replyAt = Number.POSITIVE_INFINITY;
  let carry = "";
  const stdout = driver.child.stdout!;
  const onChunk = (text: string) => {
    const at = now();
    const seen = carry + text;
    if (replyId !== undefined && replyAt === Number.POSITIVE_INFINITY && seen.includes(`"id":${JSON.stringify(replyId)}`)) replyAt = at;
    for (const m of seen.matchAll(/"id":"(ping-\d+)"/g)) if (!arrived.has(m[1]!)) arrived.set(m[1]!, at);
    carry = text.slice(-64);
  };
  stdout.prependListener("data", onChunk);
  const latencies: number[] = [];
  try {
    for (let n = 0; !done; n++) {
      const sent = now();
      const id = `ping-${n}`;
      await driver.request({ method: "ping", id }, 60_000);
      // Kept even when the work ended meanwhile: a ping that waited out the whole work is the stall itself.
      latencies.push(Math.max(0, Math.min(arrived.get(id) ?? now(), replyAt) - sent));
      const left = everyMs - (now() - sent);
      if (left > 0) await sleep(left);
    }
  } finally {
    stdout.off("data", onChunk);
  }
  await settled;
  return { latencies, ...summary(latencies), workMs };
}

/** Progress notifications received so far for a call's progress token (startCall uses the call's id). */
export function progressOf(driver: RawDriver, token: string): { progress: number; total?: number; message?: string }[] {
  return driver.notifications
    .filter((n) => n.method === "notifications/progress" && (n.params as { progressToken?: unknown } | undefined)?.progressToken === token)
    .map((n) => n.params as { progress: number; total?: number; message?: string });
}

/** Resolves once `probe` holds, looking every 10 ms (false after `ms`). */
export async function until(probe: () => boolean, ms = 120_000): Promise<boolean> {
  const deadline = now() + ms;
  while (!probe()) {
    if (now() > deadline) return false;
    await sleep(10);
  }
  return true;
}

/**
 * Cancels the call `id` and measures until a queued follow-up (`execute model.activity`, behind it in the model
 * queue and in the engine's) is answered: how long the work took to stop. Resolves the follow-up's result too.
 */
export async function cancelAndFollow(driver: RawDriver, id: string) {
  const cancelled = now();
  driver.notify("notifications/cancelled", { requestId: id, reason: "measuring cancellation" });
  const follow = (await driver.request({ method: "tools/call", params: { name: "execute", arguments: { command: "model.activity" } } }, 120_000)) as {
    result?: { isError?: boolean; structuredContent?: unknown };
  };
  return { ms: now() - cancelled, follow };
}

/** Starts a call, cancels it `afterMs` later and measures the stop (NaN when the call had already replied). */
export async function cancelLatency(driver: RawDriver, name: string, args: Record<string, unknown>, id: string, afterMs: number) {
  const reply = startCall(driver, name, args, id);
  let finishedFirst = false;
  void reply.then(
    () => (finishedFirst = true),
    () => undefined,
  );
  await sleep(afterMs);
  if (finishedFirst) return { finishedFirst: true, ms: Number.NaN };
  const { ms, follow } = await cancelAndFollow(driver, id);
  if (follow.result === undefined || follow.result.isError === true) throw new Error(`the follow-up failed: ${JSON.stringify(follow)}`);
  return { finishedFirst, ms };
}
