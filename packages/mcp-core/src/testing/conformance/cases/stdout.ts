import assert from "node:assert/strict";
import type { RpcMessage } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { callParams, sleep, withServer } from "../harness.js";

export const stdoutCases: readonly CaseRow[] = [
  {
    name: "nothing is written to stdout before the first reply",
    run: (o) =>
      withServer(o, async (d) => {
        await sleep(300);
        const reply = await d.request({ method: "ping" });
        assert.deepEqual(reply.result, {});
        assert.deepEqual(d.lines, [d.rawOf(reply)], "stdout stays silent until asked: the first line is the first reply");
      }),
  },
  {
    name: "stdout carries JSON-RPC messages only, one per line, through a mixed session",
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        await d.request({ method: "tools/list" });
        await d.request({ method: "no/such" });
        await d.request({ method: "tools/call", params: { name: "no_such_tool_conformance" } });
        if (o.sampleTool !== undefined) await d.request({ method: "tools/call", params: callParams(o.sampleTool) });
        if (o.throwingTool !== undefined) await d.request({ method: "tools/call", params: callParams(o.throwingTool) });
        d.send("garbage");
        d.send(Uint8Array.from([0xff, 0x0a]));
        d.endInput();
        await d.waitExit(o.timeoutMs);
        assert.deepEqual(d.violations, [], "every stdout line is a JSON-RPC message");
        for (const m of d.messages as RpcMessage[]) {
          assert.equal(m.jsonrpc, "2.0");
          if ("id" in m && !("method" in m)) assert.ok(("result" in m) !== ("error" in m), `a reply has exactly one of result/error: ${JSON.stringify(m)}`);
        }
      }),
  },
];
