import assert from "node:assert/strict";
import type { RawDriver } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { NEW_ERAS, OLD_ERAS, SPOKEN, assertError, assertResult, callParams, withEachVersion, withServer } from "../harness.js";

const PREFERRED = "2025-11-25";
const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

async function negotiated(d: RawDriver, params: unknown): Promise<string> {
  const reply = await d.request(params === undefined ? { method: "initialize" } : { method: "initialize", params });
  return assertResult(reply, `initialize ${JSON.stringify(params)}`).protocolVersion;
}

async function listTools(d: RawDriver): Promise<any[]> {
  const reply = await d.request({ method: "tools/list" });
  const tools = assertResult(reply, "tools/list").tools;
  assert.ok(Array.isArray(tools), "tools/list returns { tools: [...] }");
  return tools;
}

export const versionCases: readonly CaseRow[] = [
  {
    name: "each spoken version is echoed; unknown, missing or malformed ones get 2025-11-25",
    run: (o) =>
      // A session negotiates once, so each offer gets a server of its own.
      (async () => {
        for (const version of SPOKEN) {
          await withServer(o, async (d) => assert.equal(await negotiated(d, { protocolVersion: version, capabilities: {} }), version));
        }
        for (const params of [{ protocolVersion: "1999-01-01" }, { protocolVersion: "2025-06-19" }, {}, { protocolVersion: 20250618 }, undefined, "x", null]) {
          await withServer(o, async (d) => assert.equal(await negotiated(d, params), PREFERRED, `initialize ${JSON.stringify(params)}`));
        }
      })(),
  },
  {
    name: "initialize describes the server: serverInfo, tools capability, instructions for the agent",
    run: (o) =>
      withServer(o, async (d) => {
        const result = assertResult(await d.request({ method: "initialize", params: { protocolVersion: PREFERRED, capabilities: {} } }), "initialize");
        assert.equal(typeof result.serverInfo?.name, "string");
        assert.equal(typeof result.serverInfo?.version, "string");
        assert.equal(typeof result.capabilities?.tools, "object", "the tools capability is announced");
        assert.equal(typeof result.instructions, "string");
        assert.ok(result.instructions.trim().length > 0, "instructions are not empty");
      }),
  },
  {
    name: "a second initialize is refused (-32600, invalid request), the first negotiation stands and serving continues",
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize("2025-06-18");
        const newer = await listTools(d);
        const again = await d.request({ method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {} } });
        assertError(again, -32600, again.id, "a second initialize");
        assert.match(String(again.error!.data), /already initialized/, "the refusal says why");
        assert.deepEqual(await listTools(d), newer, "the era negotiated first still applies");
        assert.deepEqual((await d.request({ method: "ping" })).result, {}, "serving continues");
      }),
  },
];

export const gatingCases: readonly CaseRow[] = [
  {
    name: "outputSchema appears only from 2025-06-18; before initialize the oldest era applies",
    run: (o) =>
      withServer(o, async (d) => {
        const before = await listTools(d);
        assert.ok(before.every((t) => !("outputSchema" in t)), "no outputSchema before initialize");
        const lists = new Map<string, any[]>();
        await withEachVersion(o, SPOKEN, async (e, version) => void lists.set(version, await listTools(e)));
        for (const version of OLD_ERAS) {
          assert.ok(lists.get(version)!.every((t) => !("outputSchema" in t)), `no outputSchema on ${version}`);
        }
        // The newer lists are the older ones plus outputSchema where a tool has one.
        for (const version of NEW_ERAS) {
          const stripped = lists.get(version)!.map(({ outputSchema: _o, ...rest }) => rest);
          assert.deepEqual(stripped, lists.get("2024-11-05"), `tools/list on ${version} differs only by outputSchema`);
          for (const t of lists.get(version)!) {
            if ("outputSchema" in t) assert.equal(t.outputSchema?.type, "object", `${t.name}: outputSchema is an object schema`);
          }
        }
      }),
  },
  {
    name: "every tool states all four annotation hints and an object input schema",
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize();
        const tools = await listTools(d);
        assert.ok(tools.length > 0, "the server has tools");
        const names = new Set<string>();
        for (const t of tools) {
          assert.equal(typeof t.name, "string");
          assert.ok(!names.has(t.name), `tool names are unique (${t.name})`);
          names.add(t.name);
          assert.equal(typeof t.description, "string", `${t.name}: description`);
          assert.equal(t.inputSchema?.type, "object", `${t.name}: inputSchema.type is object`);
          for (const hint of HINTS) assert.equal(typeof t.annotations?.[hint], "boolean", `${t.name}: annotations.${hint} stated`);
        }
        for (const call of [o.sampleTool, o.slowTool, o.structuredTool, o.throwingTool]) {
          if (call !== undefined) assert.ok(names.has(call.name), `the configured tool ${call.name} is listed`);
        }
      }),
  },
  {
    name: "structuredContent appears only from 2025-06-18",
    skip: (o) => (o.structuredTool === undefined && o.sampleTool === undefined ? "no sampleTool or structuredTool given" : undefined),
    run: (o) =>
      withEachVersion(o, SPOKEN, async (d, version) => {
        const call = o.structuredTool ?? o.sampleTool!;
        const result = assertResult(await d.request({ method: "tools/call", params: callParams(call) }), `${call.name} on ${version}`);
        if ((OLD_ERAS as readonly string[]).includes(version)) {
          assert.equal("structuredContent" in result, false, `no structuredContent on ${version}`);
        } else if (o.structuredTool !== undefined) {
          assert.equal(typeof result.structuredContent, "object", `structuredContent on ${version}`);
        }
      }),
  },
  {
    name: "before initialize a tool call gets no structuredContent",
    skip: (o) => (o.structuredTool === undefined && o.sampleTool === undefined ? "no sampleTool or structuredTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        const call = o.structuredTool ?? o.sampleTool!;
        const result = assertResult(await d.request({ method: "tools/call", params: callParams(call) }), "call before initialize");
        assert.equal("structuredContent" in result, false);
      }),
  },
];
