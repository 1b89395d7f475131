// Issue #33 items 0 and 3 on the built binary: `--http` alone is authenticated (a generated token in a
// 0600 file, told on stderr) and confined to its working folder; `--unconfined` and `--http-no-auth` are
// stated choices; a full session table evicts the least recently used idle session instead of
// refusing a newcomer, and the SDK client's terminateSession() (DELETE) ends its session.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { HttpServerProcess } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BIN, CORPUS, tempDir } from "./helpers.js";

const INIT = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

async function sdkClient(server: HttpServerProcess): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "fc-http-defaults", version: "1" });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.authHeaders } });
  await client.connect(transport);
  return { client, transport };
}

function textOf(result: unknown): string {
  return ((result as { content: Array<{ text?: string }> }).content[0]?.text ?? "");
}

describe("fieldcraft-mcp --http with no other flag", () => {
  let dir: string;
  let server: HttpServerProcess;
  beforeAll(async () => {
    dir = tempDir("fc-mcp-http-defaults-");
    server = await HttpServerProcess.spawn({ command: process.execPath, args: [BIN, "--http", "127.0.0.1:0", "--http-max-sessions", "2"], cwd: dir });
  });
  afterAll(async () => {
    await server.stop();
    expect(server.stdout).toBe("");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("needs the generated token (401 without it); the token file is 0600 and the token never reaches stdout", async () => {
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    const file = /also in (\S+), mode 0600/.exec(server.stderr)?.[1];
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file!, "utf8").trim()).toBe(server.token);
    const refused = await fetch(server.url, { method: "POST", headers: JSON_HEADERS, body: INIT });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, Authorization: "Bearer 0123456789abcdef0123" }, body: INIT });
    expect(wrong.status).toBe(401);
  });

  test("is confined to its working folder: the note says so, and a file outside it is refused", async () => {
    expect(server.stderr).toContain(`reads inside ${dir}, writes inside ${dir}`);
    const { client, transport } = await sdkClient(server);
    const outside = await client.callTool({ name: "open", arguments: { path: path.join(CORPUS, "stepped-block", "steps.solidcraft") } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toMatch(/outside|root|confin/i);
    await transport.terminateSession();
    await client.close();
  }, 60_000);

  test("a third client evicts the least recently used idle session; terminateSession() (DELETE) ends one", async () => {
    const a = await sdkClient(server);
    const b = await sdkClient(server);
    await a.client.ping(); // a is the more recently used: b goes first
    const c = await sdkClient(server);
    await expect(b.client.ping()).rejects.toThrow(/404|Session not found/);
    await a.client.ping();
    await c.client.ping();
    const id = c.transport.sessionId!;
    await c.transport.terminateSession();
    const after = await fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, ...server.authHeaders, "Mcp-Session-Id": id }, body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "ping" }) });
    expect(after.status).toBe(404);
    await a.client.ping();
    await a.transport.terminateSession();
    for (const x of [a, b, c]) await x.client.close();
  }, 60_000);
  test.runIf(process.platform === "linux")("memory stays bounded while sessions churn through the full table: 8 newcomers through a table of 2", async () => {
    const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${server.child.pid}/status`, "utf8"))![1]) / 1024;
    const open = async () => {
      const r = await fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, ...server.authHeaders }, body: INIT });
      expect(r.status).toBe(200);
      const id = r.headers.get("mcp-session-id")!;
      await r.text();
      // A call, so the session's engine worker is up and holds what an idle agent holds.
      const listed = await fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, ...server.authHeaders, "Mcp-Session-Id": id }, body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "list_commands", arguments: {} } }) });
      expect(listed.status).toBe(200);
      await listed.text();
    };
    await open();
    await open();
    const full = rssMiB();
    for (let i = 0; i < 8; i++) await open();
    await new Promise((r) => setTimeout(r, 1_000));
    // Measured: an idle session (its engine worker) costs ~20-40 MiB; ended ones are released, so the churn adds little.
    expect(rssMiB() - full).toBeLessThan(80);
  }, 120_000);
});

describe("the stated choices", () => {
  test("--unconfined says file access is not confined; --http-no-auth serves without a token and says so", async () => {
    const dir = tempDir("fc-mcp-http-open-");
    const server = await HttpServerProcess.spawn({ command: process.execPath, args: [BIN, "--http", "127.0.0.1:0", "--unconfined", "--http-no-auth"], cwd: dir });
    try {
      expect(server.stderr).toContain("file access is not confined");
      expect(server.stderr).toContain("WITHOUT authentication");
      expect((await fetch(server.url, { method: "POST", headers: JSON_HEADERS, body: INIT })).status).toBe(200);
    } finally {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
