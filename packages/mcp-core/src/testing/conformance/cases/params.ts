import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";
import { assertError, assertResult, isToolResult, withServer } from "../harness.js";

interface BadCall {
  readonly what: string;
  readonly params?: unknown;
  /** Text the -32602 message must contain (case-insensitive). */
  readonly mentions: string;
}

const UNKNOWN = "no_such_tool_conformance";

const BAD_CALLS: readonly BadCall[] = [
  { what: "no params", mentions: "params" },
  { what: "params an array", params: [], mentions: "params" },
  { what: "params a string", params: "echo", mentions: "params" },
  { what: "params null", params: null, mentions: "params" },
  { what: "no name", params: { arguments: {} }, mentions: "name" },
  { what: "name a number", params: { name: 5 }, mentions: "name" },
  { what: "arguments an array", params: { name: UNKNOWN, arguments: [] }, mentions: "arguments" },
  { what: "arguments a string", params: { name: UNKNOWN, arguments: "{}" }, mentions: "arguments" },
  { what: "arguments a number", params: { name: UNKNOWN, arguments: 1 }, mentions: "arguments" },
  { what: "unknown tool", params: { name: UNKNOWN, arguments: {} }, mentions: UNKNOWN },
];

export const paramsCases: readonly CaseRow[] = [
  {
    name: "malformed tools/call params are -32602 naming the problem (arguments checked before the tool's existence)",
    run: (o) =>
      withServer(o, async (d) => {
        for (const bad of BAD_CALLS) {
          const reply = await d.request(bad.params === undefined ? { method: "tools/call" } : { method: "tools/call", params: bad.params });
          assertError(reply, -32602, reply.id, bad.what);
          assert.ok(
            reply.error!.message.toLowerCase().includes(bad.mentions.toLowerCase()),
            `${bad.what}: message ${JSON.stringify(reply.error!.message)} should mention ${JSON.stringify(bad.mentions)}`,
          );
        }
      }),
  },
  {
    name: "arguments null or absent are taken as {}",
    skip: (o) => (o.sampleTool === undefined || Object.keys(o.sampleTool.arguments ?? {}).length > 0 ? "needs a sampleTool that takes {}" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        for (const params of [{ name: o.sampleTool!.name }, { name: o.sampleTool!.name, arguments: null }]) {
          const reply = await d.request({ method: "tools/call", params });
          assert.ok(isToolResult(assertResult(reply, JSON.stringify(params))), "a tool result");
        }
      }),
  },
  {
    name: "invalid arguments are answered by the server's policy, naming the argument",
    skip: (o) => (o.invalidArguments === undefined ? "no invalidArguments call given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        const spec = o.invalidArguments!;
        await d.initialize();
        const reply = await d.request({ method: "tools/call", params: { name: spec.name, arguments: spec.arguments ?? {} } });
        if (spec.policy === "json-rpc-error") {
          assertError(reply, -32602, reply.id, "invalid arguments");
          assert.ok(reply.error!.message.includes(spec.mentions), `message ${JSON.stringify(reply.error!.message)} should mention ${JSON.stringify(spec.mentions)}`);
        } else {
          const result = assertResult(reply, "invalid arguments");
          assert.equal(result.isError, true, "an invalid-arguments result has isError: true");
          const text = JSON.stringify(result.content);
          assert.ok(text.includes(spec.mentions), `result content ${text} should mention ${JSON.stringify(spec.mentions)}`);
        }
        assert.deepEqual((await d.request({ method: "ping" })).result, {}, "serving continues");
      }),
  },
];
