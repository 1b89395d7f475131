// Hostile HTTP: foreign origins, missing tokens, oversized bodies, abandoned sessions, clients that never read.
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpServerProcess, ModernHttpClient } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

const ACCEPT = "application/json, text/event-stream";
const INIT = JSON.stringify({
  jsonrpc: "2.0", id: 1, method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "hostile", version: "0" } },
});

/** Each spawned server's generated token, by URL: `post` sends it unless the test gives its own Authorization. */
const authFor = new Map<string, Record<string, string>>();

function post(url: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; text: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "Content-Type": "application/json", Accept: ACCEPT, ...authFor.get(url), ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode!, text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

async function memoryOf(client: ModernHttpClient): Promise<{ heapUsed: number; rss: number; sessions: number }> {
  const reply = await client.request("tools/call", { name: "memory", arguments: {} });
  return reply.message.result!.structuredContent as { heapUsed: number; rss: number; sessions: number };
}

describe("hostile HTTP on a loopback bind", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await HttpServerProcess.spawn({
      command: process.execPath, args: ["--expose-gc", ECHO_SERVER, "--http=127.0.0.1:0", "--http-idle-ms=1000"],
    });
    authFor.set(server.url, server.authHeaders);
  });
  afterAll(async () => {
    await server.stop();
    expect(server.stdout).toBe("");
  });

  test("a foreign Origin, or a Host that is not this machine (DNS rebinding), gets 403; a loopback origin is served", async () => {
    const foreign = await post(server.url, INIT, { Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.text).error.message).toContain("Origin http://evil.example");
    const port = new URL(server.url).port;
    const rebound = await post(server.url, INIT, { Host: `evil.example:${port}` });
    expect(rebound.status).toBe(403);
    const local = await post(server.url, INIT, { Origin: `http://localhost:${port}` });
    expect(local.status).toBe(200);
    expect(local.headers["mcp-session-id"]).toBeTypeOf("string");
  });

  test("a 17 MiB body is refused with 413 (declared or streamed) and the server keeps serving", async () => {
    const big = Buffer.alloc(17 * 1024 * 1024, 0x20);
    const declared = await post(server.url, big);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error.message).toBe("request too large");
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(server.url, { method: "POST", agent: false, headers: { ...server.authHeaders, "Content-Type": "application/json", Accept: ACCEPT, "Transfer-Encoding": "chunked" } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on("error", reject);
      for (let i = 0; i < 17; i++) req.write(Buffer.alloc(1024 * 1024, 0x20));
      req.end();
    });
    expect(streamed).toBe(413);
    const ok = await post(server.url, INIT);
    expect(ok.status).toBe(200);
    // Exactly the limit is not refused for its size (it is whitespace, so it is a parse error).
    const limit = await post(server.url, Buffer.alloc(16 * 1024 * 1024, 0x20));
    expect(limit.status).toBe(400);
    expect(JSON.parse(limit.text).error.code).toBe(-32700);
  });

  test("nesting past 128 is a parse error; 128 is served", async () => {
    const nest = (n: number) => "[".repeat(n) + "]".repeat(n);
    const deep = await post(server.url, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${nest(128)}}}`);
    expect(deep.status).toBe(400);
    expect(JSON.parse(deep.text).error.code).toBe(-32700);
    const fine = await post(server.url, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"x":${nest(126)}}}`);
    expect(fine.status).toBe(200);
  });

  test("1,000 sessions opened and abandoned expire and free their memory", async () => {
    const idleMs = 10_000;
    const own = await HttpServerProcess.spawn({
      command: process.execPath, args: ["--expose-gc", ECHO_SERVER, "--http=127.0.0.1:0", `--http-idle-ms=${idleMs}`],
    });
    authFor.set(own.url, own.authHeaders);
    try {
      const client = new ModernHttpClient(own.url, { token: own.token });
      const before = await memoryOf(client);
      expect(before.sessions).toBe(0);
      const started = Date.now();
      for (let batch = 0; batch < 50; batch++) {
        const replies = await Promise.all(Array.from({ length: 20 }, () => post(own.url, INIT)));
        for (const r of replies) expect(r.status).toBe(200);
      }
      const full = await memoryOf(client);
      if (Date.now() - started < idleMs) expect(full.sessions).toBe(1000);
      const deadline = Date.now() + 3 * idleMs;
      let after = await memoryOf(client);
      while (after.sessions > 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        after = await memoryOf(client);
      }
      expect(after.sessions).toBe(0);
      // What the sessions held is collectable again: the heap is back within noise of where it started.
      expect(after.heapUsed - before.heapUsed).toBeLessThan(Math.max(2 * 1024 * 1024, (full.heapUsed - before.heapUsed) / 2));
    } finally {
      await own.stop();
    }
  }, 90_000);

  test("a client that never reads its SSE stream cannot grow the server's memory without bound", async () => {
    const client = new ModernHttpClient(server.url, { token: server.token });
    const before = await memoryOf(client);
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    await new Promise((r) => socket.once("connect", r));
    // 300,000 progress notifications of 1 KB each: 300 MB if the server queued them for this client.
    const body = JSON.stringify({
      jsonrpc: "2.0", id: 7, method: "tools/call",
      params: {
        name: "flood", arguments: { count: 300_000, pad: 1000 },
        _meta: { progressToken: "p", "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} },
      },
    });
    socket.write(
      `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\n` +
        `MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: flood\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    socket.pause(); // and never read
    let peak = before.rss;
    const until = Date.now() + 6_000;
    while (Date.now() < until) {
      await new Promise((r) => setTimeout(r, 300));
      peak = Math.max(peak, (await memoryOf(client)).rss);
    }
    socket.destroy();
    expect(peak - before.rss).toBeLessThan(100 * 1024 * 1024);
    const still = await client.request("tools/call", { name: "echo", arguments: { text: "fine" } });
    expect(still.message.result?.content).toEqual([{ type: "text", text: "fine" }]);
  }, 30_000);
});

describe("a non-loopback bind", () => {
  test("without --http-token-file the server refuses to start, naming the flag", async () => {
    const child = spawn(process.execPath, [ECHO_SERVER, "--http=0.0.0.0:0"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(2);
    expect(stderr).toContain("--http-token-file");
  });

  test("a request without the token, or with a wrong one, gets 401; the right token is served", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-http-token-"));
    const tokenFile = join(dir, "token");
    const token = "s3cret-token-0123456789abcdef";
    writeFileSync(tokenFile, token + "\n");
    const server = await HttpServerProcess.spawn({
      command: process.execPath, args: [ECHO_SERVER, "--http=0.0.0.0:0", `--http-token-file=${tokenFile}`],
    });
    try {
      const url = server.url.replace("0.0.0.0", "127.0.0.1");
      const none = await post(url, INIT);
      expect(none.status).toBe(401);
      expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
      expect((await post(url, INIT, { Authorization: "Bearer wrong-token-0123456789" })).status).toBe(401);
      expect((await post(url, INIT, { Authorization: `Bearer ${token}` })).status).toBe(200);
      const modern = await new ModernHttpClient(url, { token }).request("tools/call", { name: "echo", arguments: { text: "t" } });
      expect(modern.status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});
