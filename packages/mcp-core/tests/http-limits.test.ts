// Issue #33, the protocol and HTTP items, each through the built example server: authentication by
// default (a generated token in a 0600 file), one reply budget per batch, the server's own header and
// body deadlines, the cap on connections that passed no check, the total of bodies in flight, and
// idle sessions evicted oldest-first. After each attack the server still answers a real client.
import { statSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpServerProcess, RawDriver } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

const ACCEPT = "application/json, text/event-stream";
const INIT = (version = "2025-11-25") => ({
  jsonrpc: "2.0", id: 0, method: "initialize",
  params: { protocolVersion: version, capabilities: {}, clientInfo: { name: "limits", version: "0" } },
});
const echoCall = (id: number, text: string) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "echo", arguments: { text } } });
const slowCall = (id: number, ms: number) => ({ jsonrpc: "2.0", id, method: "tools/call", params: { name: "slow", arguments: { ms } } });

interface Reply {
  status: number;
  text: string;
  headers: Record<string, string | string[] | undefined>;
}

function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent: false, headers: { "Content-Type": "application/json", Accept: ACCEPT, ...headers } }, (res) => {
      let text = "";
      res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => resolve({ status: res.statusCode!, text, headers: res.headers }));
    });
    req.on("error", reject);
    req.end(typeof body === "string" ? body : JSON.stringify(body));
  });
}

/** A raw socket to the server, and a promise of when the server closed it. */
function rawSocket(url: string): Promise<{ socket: Socket; closed: Promise<number> }> {
  const u = new URL(url);
  const socket = connect(Number(u.port), u.hostname);
  socket.on("error", () => {});
  socket.resume();
  const closed = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  return new Promise((resolve) => socket.once("connect", () => resolve({ socket, closed })));
}

async function pingOk(server: HttpServerProcess): Promise<void> {
  const init = await post(server.url, INIT(), server.authHeaders);
  expect(init.status).toBe(200);
  const ping = await post(server.url, { jsonrpc: "2.0", id: 1, method: "ping" }, { ...server.authHeaders, "Mcp-Session-Id": String(init.headers["mcp-session-id"]) });
  expect(JSON.parse(ping.text)).toEqual({ jsonrpc: "2.0", id: 1, result: {} });
}

describe("HTTP is authenticated by default, on loopback too", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0"] });
  });
  afterAll(async () => {
    await server.stop();
  });

  test("a generated token is told on stderr (never stdout) and written to a 0600 file; without it 401, with it 200", async () => {
    expect(server.token).toMatch(/^[0-9a-f]{64}$/);
    const file = /also in (\S+), mode 0600/.exec(server.stderr)?.[1];
    expect(file).toBeDefined();
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    expect(statSync(file!.replace(/\/[^/]+$/, "")).mode & 0o777).toBe(0o700);
    expect(readFileSync(file!, "utf8").trim()).toBe(server.token);
    expect(server.stdout).toBe("");

    const none = await post(server.url, INIT());
    expect(none.status).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect((await post(server.url, INIT(), { Authorization: `Bearer ${"0".repeat(64)}` })).status).toBe(401);
    await pingOk(server);
  });

  test("--http-no-auth is refused with a non-loopback host; with loopback it says so on stderr", async () => {
    const refused = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=0.0.0.0:0", "--http-no-auth"] }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(refused).toContain("--http-no-auth is for loopback binds only");
    const open = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--http-no-auth"] });
    try {
      expect(open.stderr).toContain("WITHOUT authentication");
      expect(open.token).toBeUndefined();
      expect((await post(open.url, INIT())).status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});

describe("one reply budget per batch (2025-03-26 batches)", () => {
  const CAP = 20_000;

  test("stdio: replies that together pass the bound are cut off with an error naming it; the calls still queued stop; ping answers", async () => {
    const d = RawDriver.spawn({ command: process.execPath, args: [ECHO_SERVER, "--batch=100", `--max-result=${CAP}`] });
    try {
      await d.initialize("2025-03-26");
      const text = "x".repeat(6_000);
      // Ten echoes of 6,000 characters (60 KB of replies against a 20 KB bound) and two calls that would take 20 s.
      const batch = [...Array.from({ length: 10 }, (_, i) => echoCall(i + 1, text)), slowCall(11, 20_000), slowCall(12, 20_000)];
      const started = Date.now();
      d.send(JSON.stringify(batch));
      const reply = (await d.waitForMessage((m) => Array.isArray(m), 15_000)) as Array<{ id: number; result: { isError?: boolean; content: Array<{ text: string }> } }>;
      expect(Date.now() - started).toBeLessThan(5_000); // the slow calls were stopped, not waited for
      expect(reply.map((r) => r.id)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      const served = reply.filter((r) => r.result.isError !== true);
      const cut = reply.filter((r) => r.result.isError === true);
      expect(served.length).toBeGreaterThanOrEqual(2);
      expect(served.length).toBeLessThanOrEqual(3);
      for (const r of served) expect(r.result.content[0]!.text).toBe(text);
      expect(cut.map((r) => r.id)).toContain(11);
      for (const r of cut) expect(r.result.content[0]!.text).toMatch(new RegExp(`passed this server's bound on one reply \\(${CAP} characters of JSON\\).*send fewer calls per batch`));
      expect(JSON.stringify(reply).length).toBeLessThan(CAP + 8_000);
      expect(await d.request({ method: "ping" })).toMatchObject({ result: {} });
      // A batch under the bound is whole.
      d.send(JSON.stringify([echoCall(21, "a"), echoCall(22, "b")]));
      const small = (await d.waitForMessage((m) => Array.isArray(m) && (m as Array<{ id: number }>)[0]?.id === 21)) as Array<{ result: { content: Array<{ text: string }> } }>;
      expect(small.map((r) => r.result.content[0]!.text)).toEqual(["a", "b"]);
    } finally {
      await d.close();
    }
  }, 30_000);

  test("HTTP: a POSTed batch is bounded the same way, and the session keeps serving", async () => {
    const server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--batch=100", `--max-result=${CAP}`] });
    try {
      const init = await post(server.url, INIT("2025-03-26"), server.authHeaders);
      const headers = { ...server.authHeaders, "Mcp-Session-Id": String(init.headers["mcp-session-id"]) };
      const batch = Array.from({ length: 40 }, (_, i) => echoCall(i + 1, "y".repeat(5_000)));
      const reply = await post(server.url, batch, headers);
      expect(reply.status).toBe(200);
      expect(reply.text.length).toBeLessThan(CAP + 40 * 400);
      const items = JSON.parse(reply.text) as Array<{ result: { isError?: boolean; content: Array<{ text: string }> } }>;
      expect(items).toHaveLength(40);
      expect(items.filter((r) => r.result.isError === true).length).toBeGreaterThanOrEqual(36);
      const ping = await post(server.url, { jsonrpc: "2.0", id: 99, method: "ping" }, headers);
      expect(JSON.parse(ping.text)).toEqual({ jsonrpc: "2.0", id: 99, result: {} });
    } finally {
      await server.stop();
    }
  }, 30_000);
});

describe("slow and idle connections are bounded by the server itself", () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await HttpServerProcess.spawn({
      command: process.execPath,
      args: [ECHO_SERVER, "--http=127.0.0.1:0", "--http-headers-ms=1000", "--http-body-ms=1000", "--http-max-pending=80", "--http-bodies-bytes=1000000"],
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  test("50 connections dribbling headers are closed at the header deadline while a real client gets answers", async () => {
    const sockets = await Promise.all(Array.from({ length: 50 }, () => rawSocket(server.url)));
    const opened = Date.now();
    const host = new URL(server.url).host;
    const line = `POST /mcp HTTP/1.1\r\nHost: ${host}\r\nX-Slow: ${"a".repeat(200)}\r\n`;
    let i = 0;
    const drip = setInterval(() => {
      for (const { socket } of sockets) if (!socket.destroyed) socket.write(line[i % line.length]!);
      i++;
    }, 100);
    try {
      await pingOk(server); // served while 50 slow connections are open
      const closedAt = await Promise.all(sockets.map((s) => s.closed));
      for (const t of closedAt) expect(t - opened).toBeLessThan(3_000);
      expect(Math.min(...closedAt) - opened).toBeGreaterThanOrEqual(900);
    } finally {
      clearInterval(drip);
    }
    await pingOk(server);
  }, 20_000);

  test("a body sent too slowly is cut at the body deadline", async () => {
    const { socket, closed } = await rawSocket(server.url);
    const host = new URL(server.url).host;
    const sent = Date.now();
    socket.write(`POST /mcp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\nContent-Length: 1000\r\n\r\n{"jsonrpc"`);
    const t = await closed;
    expect(t - sent).toBeGreaterThanOrEqual(900);
    expect(t - sent).toBeLessThan(3_000);
    await pingOk(server);
  });

  test("past 80 connections that passed no check, the oldest are dropped; the real client is served", async () => {
    const sockets = await Promise.all(Array.from({ length: 120 }, () => rawSocket(server.url)));
    await new Promise((r) => setTimeout(r, 200));
    const open = sockets.filter((s) => !s.socket.destroyed).length;
    expect(open).toBeLessThanOrEqual(80);
    await pingOk(server);
    for (const s of sockets) s.socket.destroy();
  });

  test("past the total of connections, the oldest unchecked ones make room; the real client is served", async () => {
    const own = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--http-max-connections=20", "--http-max-pending=100"] });
    try {
      const sockets = await Promise.all(Array.from({ length: 40 }, () => rawSocket(own.url)));
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets.filter((s) => !s.socket.destroyed).length).toBeLessThanOrEqual(20);
      await pingOk(own);
      for (const s of sockets) s.socket.destroy();
    } finally {
      await own.stop();
    }
  });

  test("bodies in flight past the total get 503 while the held ones and small requests still go through", async () => {
    const host = new URL(server.url).host;
    const held = await Promise.all(Array.from({ length: 3 }, () => rawSocket(server.url)));
    const answers = held.map(({ socket }) => {
      let text = "";
      socket.setEncoding("utf8").on("data", (t: string) => (text += t));
      return () => text;
    });
    // Three bodies of 900 KB declared, 400 KB sent each: 1.2 MB against a 1 MB total.
    for (const { socket } of held) {
      socket.write(`POST /mcp HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nAccept: ${ACCEPT}\r\nContent-Length: 900000\r\n\r\n`);
      socket.write(" ".repeat(400_000));
    }
    await new Promise((r) => setTimeout(r, 300));
    const refused = answers.filter((text) => text().startsWith("HTTP/1.1 503"));
    expect(refused.length).toBe(1);
    expect(refused[0]!()).toContain("request bodies in flight passed this server's 1000000 bytes");
    await pingOk(server);
    for (const { socket } of held) socket.destroy();
  });
});

describe("sessions: idle ones are evicted oldest-first when the table is full", () => {
  test("with room for 3, a 4th client is admitted and the least recently used idle session ends; DELETE ends one", async () => {
    const server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--http-max-sessions=3"] });
    try {
      const open = async () => String((await post(server.url, INIT(), server.authHeaders)).headers["mcp-session-id"]);
      const ping = async (id: string) => (await post(server.url, { jsonrpc: "2.0", id: 1, method: "ping" }, { ...server.authHeaders, "Mcp-Session-Id": id })).status;
      const [a, b, c] = [await open(), await open(), await open()];
      expect(await ping(a)).toBe(200); // a is now the most recently used: b is the oldest idle one
      const d = await open();
      expect(d).toMatch(/^[0-9a-f-]{36}$/);
      expect(await ping(b)).toBe(404);
      expect([await ping(a), await ping(c), await ping(d)]).toEqual([200, 200, 200]);
      const deleted = await new Promise<number>((resolve, reject) => {
        const req = request(server.url, { method: "DELETE", agent: false, headers: { ...server.authHeaders, "Mcp-Session-Id": a } }, (res) => {
          res.resume();
          resolve(res.statusCode!);
        });
        req.on("error", reject);
        req.end();
      });
      expect(deleted).toBe(200);
      expect(await ping(a)).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
