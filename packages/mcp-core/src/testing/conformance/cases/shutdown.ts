import assert from "node:assert/strict";
import type { RpcMessage } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { assertResult, callParams, sleep, withServer } from "../harness.js";

export const shutdownCases: readonly CaseRow[] = [
  {
    name: "EOF on an idle server: nothing more is written and it exits 0",
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const seen = d.messages.length;
        d.endInput();
        assert.deepEqual(await d.waitExit(o.timeoutMs), { code: 0, signal: null });
        assert.equal(d.messages.length, seen, "no output after EOF");
      }),
  },
  {
    name: "EOF lets a running call finish and reply, then the server exits 0",
    skip: (o) => (o.slowTool === undefined && o.sampleTool === undefined ? "no slowTool or sampleTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const call = o.slowTool ?? o.sampleTool!;
        d.send(JSON.stringify({ jsonrpc: "2.0", id: "last", method: "tools/call", params: callParams(call) }));
        if (o.slowTool !== undefined) await sleep(200);
        d.endInput();
        const exit = await d.waitExit((o.slowTool?.durationMs ?? 0) + o.timeoutMs / 2);
        assert.deepEqual(exit, { code: 0, signal: null }, "exit 0");
        const reply = d.messages.find((m) => (m as RpcMessage).id === "last") as RpcMessage | undefined;
        assert.ok(reply !== undefined, "the running call replied before the exit");
        assertResult(reply, "the call running at EOF");
      }),
    timeoutFactor: 2,
  },
  {
    name: "SIGTERM while a call runs: the server exits promptly",
    skip: (o) => (process.platform === "win32" ? "no SIGTERM on Windows" : o.slowTool === undefined ? "no slowTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        d.send(JSON.stringify({ jsonrpc: "2.0", id: "busy", method: "tools/call", params: callParams(o.slowTool!) }));
        await sleep(300);
        const sent = performance.now();
        d.kill("SIGTERM");
        const exit = await d.waitExit(o.timeoutMs);
        const elapsed = performance.now() - sent;
        assert.ok(exit.code === 0 || exit.code === 143 || exit.code === 130 || exit.signal === "SIGTERM", `exit status ${JSON.stringify(exit)} after SIGTERM`);
        assert.ok(elapsed < 3_000, `exited ${elapsed.toFixed(0)} ms after SIGTERM (bound 3 s)`);
        if (o.slowTool!.durationMs !== undefined) assert.ok(elapsed < o.slowTool!.durationMs, "before the call would have finished");
      }),
  },
];
