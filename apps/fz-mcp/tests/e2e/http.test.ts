// fz-mcp --http: the SDK client (initialize era, sessions) and a 2026-07-28-only client (stateless) on one server.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpServerProcess, ModernHttpClient } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

let server: HttpServerProcess;
const venture = tempDir("venture-http-");
beforeAll(async () => {
  server = await HttpServerProcess.spawn({
    command: process.execPath, args: [CLI, "--cwd", venture, "--http", "127.0.0.1:0", "--", process.execPath, FAKE_FZ],
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(143);
  expect(server.stdout).toBe("");
});

const envelope = (result: unknown) => JSON.parse(((result as { content: Array<{ text: string }> }).content)[0]!.text);

describe("fz-mcp over Streamable HTTP", () => {
  test("the startup line says HTTP; the SDK client runs init → add → plan → deploy → verify", async () => {
    expect(server.stderr).toContain("serving MCP over HTTP");
    const client = new Client({ name: "fz-http-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.authHeaders } });
    await client.connect(transport);
    expect(client.getServerVersion()).toMatchObject({ name: "cratefield-fz" });
    expect(envelope(await client.callTool({ name: "fz_init", arguments: { name: "acme", host: "acme.example" } }))).toMatchObject({ ok: true });
    expect(envelope(await client.callTool({ name: "fz_add", arguments: { module: "waitlist" } }))).toMatchObject({ ok: true, changed: true });
    const plan = envelope(await client.callTool({ name: "fz_plan", arguments: {} }));
    expect(plan.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(envelope(await client.callTool({ name: "fz_deploy", arguments: { plan: plan.digest } }))).toMatchObject({ ok: true, changed: true });
    expect(envelope(await client.callTool({ name: "fz_verify", arguments: {} }))).toEqual({ schema: 1, ok: true, failures: [] });
    expect(JSON.parse(readFileSync(join(venture, ".harness-deploy.json"), "utf8")).digest).toBe(plan.digest);
    await transport.terminateSession();
    await client.close();
  });

  test("a 2026-07-28 client: server/discover, tools/list with cache hints, a call with resultType", async () => {
    const modern = new ModernHttpClient(server.url, { token: server.token });
    const discover = await modern.request("server/discover");
    expect(discover.status).toBe(200);
    expect(discover.message.result).toMatchObject({ resultType: "complete", supportedVersions: expect.arrayContaining(["2026-07-28", "2025-11-25"]) });
    const list = await modern.request("tools/list");
    expect(list.message.result).toMatchObject({ resultType: "complete", cacheScope: "public" });
    expect((list.message.result!.tools as Array<{ name: string }>).map((t) => t.name)).toContain("fz_verify");
    const verify = await modern.request("tools/call", { name: "fz_verify", arguments: {} });
    expect(verify.message.result).toMatchObject({ resultType: "complete", structuredContent: { ok: expect.any(Boolean) } });
    const ping = await modern.request("ping");
    expect(ping.status).toBe(404);
    expect(ping.message.error?.code).toBe(-32601);
  });
});
