import assert from "node:assert/strict";
import type { RawDriver, RpcMessage } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { assertResult, callParams, sleep, withServer } from "../harness.js";
import type { ResolvedOptions } from "../options.js";

const needsSlow = (o: ResolvedOptions): string | undefined => (o.slowTool === undefined ? "no slowTool given" : undefined);
const needsProgress = (o: ResolvedOptions): string | undefined =>
  needsSlow(o) ?? (o.slowTool!.reportsProgress === false ? "the slowTool reports no progress" : undefined);

/** Starts the slow call and waits until it is running (its first progress, or a short pause without progress). */
async function startSlow(d: RawDriver, o: ResolvedOptions, id: unknown): Promise<void> {
  const token = `progress-${String(id)}`;
  d.send(JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params: callParams(o.slowTool!, { _meta: { progressToken: token } }) }));
  if (o.slowTool!.reportsProgress === false) await sleep(500);
  else await d.waitForMessage((m) => (m as RpcMessage).method === "notifications/progress" && (m as RpcMessage).params?.progressToken === token, o.timeoutMs / 2, "the slow call's first progress");
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export const concurrencyCases: readonly CaseRow[] = [
  {
    name: "ping and tools/list are answered while a slow call runs (ping round trip within the bound); a second initialize is refused",
    skip: needsSlow,
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        await startSlow(d, o, "slow");
        const rtts: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          assert.deepEqual((await d.request({ method: "ping" })).result, {});
          rtts.push(performance.now() - started);
        }
        assert.ok(d.messages.every((m) => (m as RpcMessage).id !== "slow"), "the pings were answered before the slow call finished");
        assert.ok(median(rtts) <= o.pingWhileBusyMs, `median ping round trip ${median(rtts).toFixed(1)} ms (all: ${rtts.map((t) => t.toFixed(1)).join(", ")}) must be within ${o.pingWhileBusyMs} ms`);
        assertResult(await d.request({ method: "tools/list" }), "tools/list while busy");
        const again = await d.request({ method: "initialize", params: { protocolVersion: "2025-11-25" } });
        assert.equal(again.error?.code, -32600, "a second initialize, while busy, is refused");
        d.notify("notifications/cancelled", { requestId: "slow" });
      }),
  },
  {
    name: "notifications/cancelled aborts a running call and no reply is ever sent for it",
    skip: needsSlow,
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const id = 41;
        await startSlow(d, o, id);
        const cancelledAt = performance.now();
        d.notify("notifications/cancelled", { requestId: id, reason: "conformance" });
        assert.deepEqual((await d.request({ method: "ping" })).result, {});
        d.endInput();
        // EOF waits for running calls: an exit well before the call's own duration proves the abort stopped it.
        assert.deepEqual(await d.waitExit(o.timeoutMs), { code: 0, signal: null }, "exit 0 after EOF");
        const elapsed = performance.now() - cancelledAt;
        if (o.slowTool!.durationMs !== undefined) {
          assert.ok(elapsed < o.slowTool!.durationMs * 0.8, `the cancelled call stopped early (exit after ${elapsed.toFixed(0)} ms, call lasts ${o.slowTool!.durationMs} ms)`);
        }
        assert.ok(d.messages.every((m) => !(typeof m === "object" && m !== null && "id" in m && (m as RpcMessage).id === id)), `no reply for cancelled id ${JSON.stringify(id)}`);
      }),
  },
  {
    name: "a cancelled call with a string id gets no reply while other calls still do",
    skip: needsSlow,
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        await startSlow(d, o, "cancel-me");
        d.notify("notifications/cancelled", { requestId: "cancel-me" });
        if (o.sampleTool !== undefined) assertResult(await d.request({ method: "tools/call", params: callParams(o.sampleTool) }), "a call after the cancel");
        await sleep(300);
        assert.deepEqual((await d.request({ method: "ping" })).result, {});
        assert.ok(d.messages.every((m) => (m as RpcMessage).id !== "cancel-me"), "no reply for the cancelled call");
      }),
  },
  {
    name: "notifications/progress flows for a call with a progressToken: increasing, tagged with the token",
    skip: needsProgress,
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const token = 7001;
        const reply = await d.request(
          { method: "tools/call", params: callParams(o.slowTool!, { _meta: { progressToken: token } }) },
          (o.slowTool!.durationMs ?? o.timeoutMs / 2) + o.timeoutMs / 2,
        );
        assertResult(reply, "the slow call");
        const progress = d.notifications.filter((n) => n.method === "notifications/progress");
        assert.ok(progress.length > 0, "at least one progress notification");
        let last = -Infinity;
        for (const n of progress) {
          assert.equal(n.params.progressToken, token, "progressToken echoed with its type");
          assert.equal(typeof n.params.progress, "number");
          assert.ok(n.params.progress > last, "progress increases");
          last = n.params.progress;
          if (n.params.total !== undefined) assert.ok(n.params.progress <= n.params.total, "progress ≤ total");
        }
        const replyIndex = d.messages.indexOf(reply);
        assert.ok(progress.every((n) => d.messages.indexOf(n) < replyIndex), "progress comes before the reply");
      }),
    timeoutFactor: 2,
  },
  {
    name: "a call without a progressToken gets no progress notifications",
    skip: needsProgress,
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        d.send(JSON.stringify({ jsonrpc: "2.0", id: "quiet", method: "tools/call", params: callParams(o.slowTool!) }));
        await sleep(600);
        d.notify("notifications/cancelled", { requestId: "quiet" });
        assert.deepEqual((await d.request({ method: "ping" })).result, {});
        assert.equal(d.notifications.filter((n) => n.method === "notifications/progress").length, 0);
      }),
  },
];
