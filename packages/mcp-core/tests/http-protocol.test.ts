// The wire of Streamable HTTP in both eras, checked by hand-made requests against the example server.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpServerProcess, ModernHttpClient } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

const ACCEPT = "application/json, text/event-stream";
let server: HttpServerProcess;
let modern: ModernHttpClient;
beforeAll(async () => {
  server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--batch=100"] });
  modern = new ModernHttpClient(server.url, { token: server.token });
});
afterAll(async () => {
  await server.stop();
  expect(server.stdout).toBe("");
});

async function post(body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(server.url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: ACCEPT, ...server.authHeaders, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text === "" || !response.headers.get("content-type")?.includes("json") ? undefined : JSON.parse(text) };
}

async function legacySession(version: string): Promise<Record<string, string>> {
  const init = await post({ jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "t", version: "0" } } });
  expect(init.status).toBe(200);
  expect(init.json.result.protocolVersion).toBe(version);
  const headers = { ...server.authHeaders, "Mcp-Session-Id": init.headers.get("mcp-session-id")!, "MCP-Protocol-Version": version };
  expect((await post({ jsonrpc: "2.0", method: "notifications/initialized" }, headers)).status).toBe(202);
  return headers;
}

describe("2026-07-28 over HTTP (stateless)", () => {
  test("headers must match the body: -32020 with 400; the base64 form of Mcp-Name is decoded", async () => {
    const missing = await modern.request("tools/list", {}, { headers: { "Mcp-Method": undefined } });
    expect(missing.status).toBe(400);
    expect(missing.message.error?.code).toBe(-32020);
    const wrongMethod = await modern.request("tools/list", {}, { headers: { "Mcp-Method": "tools/call" } });
    expect(wrongMethod.message.error?.code).toBe(-32020);
    const wrongVersion = await modern.request("tools/list", {}, { headers: { "MCP-Protocol-Version": "2025-11-25" } });
    expect(wrongVersion.status).toBe(400);
    expect(wrongVersion.message.error?.code).toBe(-32020);
    const wrongName = await modern.request("tools/call", { name: "echo", arguments: { text: "x" } }, { headers: { "Mcp-Name": "fail" } });
    expect(wrongName.message.error?.message).toContain("Mcp-Name");
    const encoded = await modern.request("tools/call", { name: "echo", arguments: { text: "x" } }, { headers: { "Mcp-Name": `=?base64?${Buffer.from("echo").toString("base64")}?=` } });
    expect(encoded.status).toBe(200);
    expect(encoded.message.result?.content).toEqual([{ type: "text", text: "x" }]);
  });

  test("an unsupported version is 400 with -32022; an unknown or removed method 404 with -32601", async () => {
    const old = await modern.request("tools/list", {}, { version: "2099-01-01" });
    expect(old.status).toBe(400);
    expect(old.message.error).toMatchObject({ code: -32022, data: { requested: "2099-01-01", supported: expect.arrayContaining(["2026-07-28"]) } });
    for (const method of ["no/such", "ping"]) {
      const reply = await modern.request(method);
      expect(reply.status).toBe(404);
      expect(reply.message.error?.code).toBe(-32601);
    }
  });

  test("no sessions: no Mcp-Session-Id minted or honoured; GET and DELETE are 405", async () => {
    const response = await fetch(server.url, {
      method: "POST",
      headers: { ...server.authHeaders, "Content-Type": "application/json", Accept: ACCEPT, "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list", "Mcp-Session-Id": "made-up" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} } } }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBeNull();
    expect((await fetch(server.url, { headers: { ...server.authHeaders, Accept: "text/event-stream" } })).status).toBe(405);
    expect((await fetch(server.url, { method: "DELETE", headers: server.authHeaders })).status).toBe(405);
  });

  test("resources: cache hints on read; an unknown URI is -32602 (renumbered from -32002)", async () => {
    const read = await modern.request("resources/read", { uri: "example://about" });
    expect(read.message.result).toMatchObject({ resultType: "complete", ttlMs: 0, cacheScope: "private" });
    const list = await modern.request("resources/list");
    expect(list.message.result).toMatchObject({ resultType: "complete", cacheScope: "public" });
    const missing = await modern.request("resources/read", { uri: "example://nothing" });
    expect(missing.message.error).toMatchObject({ code: -32602, data: { uri: "example://nothing" } });
  });

  test("progress and log messages come over SSE before the result, logs only at or above the asked level", async () => {
    const debug = await modern.request("tools/call", { name: "slow", arguments: { ms: 300, step_ms: 50 } }, { progressToken: "p", logLevel: "debug" });
    expect(debug.contentType).toMatch(/^text\/event-stream/);
    expect(debug.message.result?.content).toEqual([{ type: "text", text: "slept 300 ms" }]);
    const methods = debug.notifications.map((n) => n.method);
    expect(methods).toContain("notifications/progress");
    expect(methods).toContain("notifications/message");
    expect(debug.notifications.find((n) => n.method === "notifications/message")?.params).toMatchObject({ level: "debug", logger: "slow" });
    const info = await modern.request("tools/call", { name: "slow", arguments: { ms: 200, step_ms: 50 } }, { progressToken: "q", logLevel: "info" });
    expect(info.notifications.map((n) => n.method)).not.toContain("notifications/message");
    const quiet = await modern.request("tools/call", { name: "slow", arguments: { ms: 200, step_ms: 50 } });
    expect(quiet.contentType).toMatch(/^application\/json/);
    expect(quiet.notifications).toEqual([]);
  });
});

describe("the initialize era over HTTP (sessions)", () => {
  test("requests without a session are 400, with an unknown one 404; an unknown MCP-Protocol-Version is 400", async () => {
    expect((await post({ jsonrpc: "2.0", id: 1, method: "tools/list" })).status).toBe(400);
    expect((await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { "Mcp-Session-Id": "nope" })).status).toBe(404);
    const headers = await legacySession("2025-11-25");
    expect((await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, { ...headers, "MCP-Protocol-Version": "1999-01-01" })).status).toBe(400);
    const ok = await post({ jsonrpc: "2.0", id: 1, method: "tools/list" }, headers);
    expect(ok.json.result.tools.length).toBeGreaterThan(0);
    expect(ok.json.result.resultType).toBeUndefined();
  });

  test("a 2025-03-26 session takes batches of up to 100; 2025-06-18 refuses them", async () => {
    const old = await legacySession("2025-03-26");
    const batch = await post([{ jsonrpc: "2.0", id: 1, method: "ping" }, { jsonrpc: "2.0", method: "notifications/x" }, { jsonrpc: "2.0", id: 2, method: "tools/list" }], old);
    expect(batch.json.map((r: { id: number }) => r.id)).toEqual([1, 2]);
    const over = await post(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "ping" })), old);
    expect(over.json.error.code).toBe(-32600);
    const fresh = await legacySession("2025-06-18");
    const refused = await post([{ jsonrpc: "2.0", id: 1, method: "ping" }], fresh);
    expect(refused.json.error).toMatchObject({ code: -32600, data: expect.stringContaining("batching was removed") });
  });

  test("the GET stream opens once per session (a second is 409) and ends with DELETE", async () => {
    const headers = await legacySession("2025-11-25");
    const controller = new AbortController();
    const stream = await fetch(server.url, { headers: { ...headers, Accept: "text/event-stream" }, signal: controller.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect((await fetch(server.url, { headers: { ...headers, Accept: "text/event-stream" } })).status).toBe(409);
    const ended = (async () => {
      const reader = stream.body!.getReader();
      while (!(await reader.read()).done);
      return true;
    })();
    expect((await fetch(server.url, { method: "DELETE", headers })).status).toBe(200);
    expect(await ended).toBe(true);
    expect((await post({ jsonrpc: "2.0", id: 1, method: "ping" }, headers)).status).toBe(404);
  });

  test("wrong Content-Type is 415, an Accept of neither JSON nor SSE is 406, other paths 404", async () => {
    expect((await post("{}", { "Content-Type": "text/plain" })).status).toBe(415);
    expect((await post({ jsonrpc: "2.0", id: 1, method: "initialize" }, { Accept: "text/html" })).status).toBe(406);
    expect((await fetch(server.url.replace("/mcp", "/other"), { method: "POST" })).status).toBe(404);
  });
});
