import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";
import { assertResult, callParams, isToolResult, withServer } from "../harness.js";

export const toolCases: readonly CaseRow[] = [
  {
    name: "a tool call returns a result with content blocks",
    skip: (o) => (o.sampleTool === undefined ? "no sampleTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const result = assertResult(await d.request({ method: "tools/call", params: callParams(o.sampleTool!) }), o.sampleTool!.name);
        assert.ok(isToolResult(result), "result.content is an array");
        for (const block of result.content) assert.equal(typeof block.type, "string", "each content block has a type");
        if ("isError" in result) assert.equal(typeof result.isError, "boolean");
      }),
  },
  {
    name: "a tool that throws gives an isError result carrying its message; serving continues",
    skip: (o) => (o.throwingTool === undefined ? "no throwingTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const result = assertResult(await d.request({ method: "tools/call", params: callParams(o.throwingTool!) }), "throwing tool");
        assert.equal(result.isError, true);
        assert.ok(isToolResult(result) && result.content.length > 0, "the failure is described in content");
        assert.deepEqual((await d.request({ method: "ping" })).result, {}, "serving continues");
      }),
  },
];
