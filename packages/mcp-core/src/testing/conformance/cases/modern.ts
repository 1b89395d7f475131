// The 2026-07-28 revision on stdio: no handshake, `_meta` on every request, beside the initialize era.
import assert from "node:assert/strict";
import type { RawDriver } from "../../raw-driver.js";
import { modernRequest, MODERN_VERSION } from "../../modern-client.js";
import type { CaseRow } from "../case.js";
import { assertError, assertResult, callParams, withServer } from "../harness.js";

const SERVER_INFO = "io.modelcontextprotocol/serverInfo";

async function modern(d: RawDriver, method: string, params: Record<string, unknown> = {}, options: Parameters<typeof modernRequest>[2] = {}) {
  const body = modernRequest(method, params, options);
  d.send(JSON.stringify(body));
  return d.waitFor(body.id);
}

function assertComplete(reply: unknown, what: string): any {
  const result = assertResult(reply as never, what);
  assert.equal(result.resultType, "complete", `${what}: every 2026-07-28 result says resultType "complete"`);
  assert.equal(typeof result._meta?.[SERVER_INFO]?.name, "string", `${what}: _meta names the server`);
  return result;
}

function assertCacheable(result: any, what: string): void {
  assert.ok(Number.isInteger(result.ttlMs) && result.ttlMs >= 0, `${what}: ttlMs is a non-negative integer`);
  assert.ok(result.cacheScope === "public" || result.cacheScope === "private", `${what}: cacheScope is public or private`);
}

export const modernCases: readonly CaseRow[] = [
  {
    name: "server/discover without initialize: versions (2026-07-28 first), capabilities, instructions, cache hints",
    run: (o) =>
      withServer(o, async (d) => {
        const result = assertComplete(await modern(d, "server/discover"), "server/discover");
        assert.equal(result.supportedVersions[0], MODERN_VERSION);
        assert.ok(result.supportedVersions.includes("2025-11-25"), "the initialize era is still spoken");
        assert.equal(typeof result.capabilities?.tools, "object");
        assert.equal(typeof result.instructions, "string");
        assertCacheable(result, "server/discover");
      }),
  },
  {
    name: "tools/list: deterministic order, outputSchema present, cache hints, the same tools as the initialize era",
    run: (o) =>
      withServer(o, async (d) => {
        const first = assertComplete(await modern(d, "tools/list"), "tools/list");
        const second = assertComplete(await modern(d, "tools/list"), "tools/list");
        assertCacheable(first, "tools/list");
        assert.deepEqual(second.tools, first.tools, "two lists are identical, in the same order");
        await d.initialize("2025-11-25");
        const legacy = assertResult(await d.request({ method: "tools/list" }), "tools/list (2025-11-25)");
        assert.deepEqual(first.tools.map((t: any) => t.name), legacy.tools.map((t: any) => t.name));
        assert.equal(legacy.resultType, undefined, "the initialize era has no resultType");
      }),
  },
  {
    name: "tools/call: resultType complete, structuredContent kept, serverInfo in _meta",
    skip: (o) => (o.sampleTool === undefined ? "no sampleTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        const result = assertComplete(await modern(d, "tools/call", callParams(o.sampleTool!)), "tools/call");
        assert.ok(Array.isArray(result.content));
        if (o.structuredTool !== undefined) {
          const structured = assertComplete(await modern(d, "tools/call", callParams(o.structuredTool)), "structured tools/call");
          assert.ok(structured.structuredContent !== undefined, "structuredContent is kept");
        }
      }),
  },
  {
    name: "an unsupported version is -32022 listing the supported ones and echoing the request's",
    run: (o) =>
      withServer(o, async (d) => {
        const reply = await modern(d, "tools/list", {}, { version: "1900-01-01", id: "v1" });
        assertError(reply, -32022, "v1", "unsupported version");
        const data = (reply as any).error.data;
        assert.equal(data.requested, "1900-01-01");
        assert.ok(data.supported.includes(MODERN_VERSION));
      }),
  },
  {
    name: "methods the revision removed (ping, logging/setLevel) are -32601",
    run: (o) =>
      withServer(o, async (d) => {
        for (const method of ["ping", "logging/setLevel"]) {
          assertError(await modern(d, method, {}, { id: method }), -32601, method, method);
        }
      }),
  },
  {
    name: "both eras on one process: initialize then modern requests, each served in its own era",
    run: (o) =>
      withServer(o, async (d) => {
        await d.initialize("2024-11-05");
        const legacy = assertResult(await d.request({ method: "tools/list" }), "tools/list 2024-11-05");
        assert.ok(legacy.tools.every((t: any) => !("outputSchema" in t)), "2024-11-05 still has no outputSchema");
        assertComplete(await modern(d, "tools/list"), "modern tools/list after a legacy initialize");
        assertResult(await d.request({ method: "ping" }), "ping in the initialize era");
      }),
  },
  {
    name: "a malformed log level is -32602; without one no notifications/message is sent",
    skip: (o) => (o.slowTool === undefined ? "no slowTool given" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        assertError(await modern(d, "tools/list", {}, { logLevel: "loud", id: "l1" }), -32602, "l1", "bad log level");
        const slow = { ...o.slowTool!, arguments: { ...(o.slowTool!.arguments ?? {}) } };
        const body = modernRequest("tools/call", callParams(slow), { progressToken: "t" });
        d.send(JSON.stringify(body));
        await d.waitFor(body.id, o.timeoutMs);
        assert.ok(!d.messages.some((m: any) => m.method === "notifications/message"), "no log messages without a level");
      }),
  },
  {
    name: "progress of a modern call arrives on its token",
    skip: (o) => (o.slowTool === undefined || o.slowTool.reportsProgress === false ? "no slowTool that reports progress" : undefined),
    run: (o) =>
      withServer(o, async (d) => {
        const body = modernRequest("tools/call", callParams(o.slowTool!), { progressToken: "modern-p" });
        d.send(JSON.stringify(body));
        assertComplete(await d.waitFor(body.id, o.timeoutMs), "slow tools/call");
        assert.ok(d.messages.some((m: any) => m.method === "notifications/progress" && m.params?.progressToken === "modern-p"));
      }),
  },
];
