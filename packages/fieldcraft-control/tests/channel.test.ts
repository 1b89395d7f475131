// The channel over real loopback sockets: authentication, the "only requests are read" rule, the
// bounds, and the client's id matching, timeouts and loss reporting.
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { ControlClient, DEFAULT_LIMITS, generateToken, startControlServer, type ControlServer, type ControlLimits } from "../src/index.js";
import { NotebookSession } from "./helpers/notebook-session.js";
import { rawConnect, type RawPeer } from "./helpers/wire.js";

const app = { name: "notebook", version: "1.2.3", ui: false };
const servers: ControlServer[] = [];

async function serve(options: { token?: string | null; limits?: Partial<ControlLimits>; session?: NotebookSession } = {}) {
  const session = options.session ?? new NotebookSession();
  const token = options.token === undefined ? generateToken() : options.token;
  const started = await startControlServer({ session, app, port: 0, token, limits: options.limits });
  if (!started.ok) throw new Error(started.error);
  servers.push(started.server);
  return { server: started.server, token, session };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe("authentication", () => {
  it("refuses every request before auth and closes the connection", async () => {
    const { server, session } = await serve();
    const peer = await rawConnect(server.port);
    peer.send(JSON.stringify({ id: 1, method: "note.set", params: { name: "a", value: 1 } }) + "\n");
    const reply = await peer.next();
    expect(reply).toMatchObject({ id: 1, ok: false, details: { code: "unauthenticated" } });
    await peer.closed();
    expect(session.executed).toEqual([]);
  });

  it("refuses a wrong token and closes; the right one opens every method", async () => {
    const { server, token } = await serve();
    const bad = await rawConnect(server.port);
    bad.send(JSON.stringify({ method: "auth", params: { token: "0".repeat(64) } }) + "\n");
    expect(await bad.next()).toMatchObject({ id: null, ok: false, details: { code: "bad_token" } });
    await bad.closed();

    const good = await rawConnect(server.port);
    good.send(JSON.stringify({ method: "auth", params: { token } }) + "\n");
    expect(await good.next()).toMatchObject({ id: null, ok: true, result: { authenticated: true } });
    good.send(JSON.stringify({ id: "x", method: "describe" }) + "\n");
    const described = await good.next();
    expect(described).toMatchObject({ id: "x", ok: true, result: { name: "notebook", version: "1.2.3", ui: false, protocol: 1 } });
    expect((described.result as { methods: string[] }).methods).toContain("note.set");
    good.socket.destroy();
  });

  it("the client refuses to connect with a wrong token and says why", async () => {
    const { server } = await serve();
    const connected = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token: generateToken() });
    expect(connected.ok).toBe(false);
    if (!connected.ok) expect(connected.error).toMatch(/refused the connection: authentication failed: wrong token/);
  });

  it("an explicit no-auth server answers without a token", async () => {
    const { server } = await serve({ token: null });
    const connected = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token: null });
    expect(connected.ok).toBe(true);
    if (!connected.ok) return;
    expect(await connected.client.call("note.set", { name: "a", value: 2 })).toEqual({ ok: true, result: { name: "a", count: 1 } });
    connected.client.close();
  });

  it("closes a connection that does not authenticate in time", async () => {
    const { server } = await serve({ limits: { authMs: 200 } });
    const peer = await rawConnect(server.port);
    expect(await peer.next()).toMatchObject({ id: null, ok: false, details: { code: "auth_timeout" } });
    await peer.closed();
  });
});

describe("only requests are read", () => {
  it("an HTTP request line gets one error with id null and a closed connection", async () => {
    const { server, session } = await serve({ token: null });
    const peer = await rawConnect(server.port);
    peer.send('POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\r\n{"id":1,"method":"note.set","params":{"name":"x"}}\n');
    const reply = await peer.next();
    expect(reply).toMatchObject({ id: null, ok: false, details: { code: "parse_error" } });
    await peer.closed();
    expect(session.executed).toEqual([]);
  });

  it.each([
    ["an array", "[1,2]"],
    ["an object without method", '{"id":1}'],
    ["a number method", '{"id":1,"method":7}'],
    ["a request without id", '{"method":"note.get"}'],
    ["a request with an object id", '{"id":{},"method":"note.get"}'],
  ])("%s gets one error with id null and a closed connection", async (_what, line) => {
    const { server } = await serve({ token: null });
    const peer = await rawConnect(server.port);
    peer.send(line + "\n" + JSON.stringify({ id: 2, method: "describe" }) + "\n");
    expect(await peer.next()).toMatchObject({ id: null, ok: false, details: { code: "not_a_request" } });
    await peer.closed();
  });

  it("a request line over the limit gets request too large and a closed connection", async () => {
    const { server } = await serve({ token: null, limits: { maxLineBytes: 1024 } });
    const peer = await rawConnect(server.port);
    peer.send(JSON.stringify({ id: 1, method: "work.echo", params: { text: "x".repeat(2000) } }) + "\n");
    const reply = await peer.next();
    expect(reply).toMatchObject({ id: null, ok: false, details: { code: "request_too_large" } });
    expect(String(reply.error)).toMatch(/request too large/);
    await peer.closed();
  });

  it("a reply over the limit becomes an error naming the limit, and the connection stays open", async () => {
    const { server } = await serve({ token: null, limits: { maxLineBytes: 1024 } });
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token: null });
    if (!c.ok) throw new Error(c.error);
    const big = await c.client.call("work.fill", { bytes: 2000 });
    expect(big).toMatchObject({ ok: false, failure: "remote", details: { code: "reply_too_large" } });
    expect(await c.client.call("note.get", { name: "n" })).toMatchObject({ ok: true });
    c.client.close();
  });

  it("an unknown method and non-object params are errors that keep the connection", async () => {
    const { server } = await serve({ token: null });
    const peer = await rawConnect(server.port);
    peer.send(JSON.stringify({ id: 1, method: "model.explode" }) + "\n");
    expect(await peer.next()).toMatchObject({ id: 1, ok: false, details: { code: "unknown_method" } });
    peer.send(JSON.stringify({ id: 2, method: "note.get", params: [1] }) + "\n");
    expect(await peer.next()).toMatchObject({ id: 2, ok: false, details: { code: "bad_params" } });
    peer.send(JSON.stringify({ id: 3, method: "note.get", params: { name: "q" } }) + "\n");
    expect(await peer.next()).toMatchObject({ id: 3, ok: true });
    peer.socket.destroy();
  });
});

describe("bounds", () => {
  it("idle unauthenticated connections cannot lock the real client out", async () => {
    const { server, token } = await serve({ limits: { maxPendingAuth: 8 } });
    // More idle sockets than both pools hold, none of which ever sends a byte.
    const idle: RawPeer[] = [];
    for (let i = 0; i < 24; i++) idle.push(await rawConnect(server.port));
    const started = Date.now();
    const real = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    expect(real.ok, real.ok ? "" : real.error).toBe(true);
    expect(Date.now() - started).toBeLessThan(DEFAULT_LIMITS.authMs); // not after the auth timeout freed a slot
    if (real.ok) expect(await real.client.call("note.set", { name: "a", value: 1 })).toMatchObject({ ok: true });
    // The longest waiters were closed to make room, each told why; the newest still wait.
    expect(await idle[0]!.next()).toMatchObject({ id: null, ok: false, details: { code: "too_many_connections" } });
    await idle[0]!.closed();
    expect(server.connectionCount()).toBeLessThanOrEqual(1 + 8);
    if (real.ok) real.client.close();
    idle.forEach((p) => p.socket.destroy());
  });

  it("the 17th connection is refused with an error frame and closed; a freed slot is usable again", async () => {
    const { server, token } = await serve();
    const clients: ControlClient[] = [];
    for (let i = 0; i < 16; i++) {
      const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
      if (!c.ok) throw new Error(c.error);
      clients.push(c.client);
    }
    const extra = await rawConnect(server.port);
    expect(await extra.next()).toMatchObject({ id: null, ok: false, details: { code: "too_many_connections" } });
    await extra.closed();
    const refused = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/too many connections/);

    clients.pop()!.close();
    for (let i = 0; i < 50 && server.connectionCount() > 15; i++) await new Promise((r) => setTimeout(r, 20));
    const again = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    expect(again.ok).toBe(true);
    if (again.ok) again.client.close();
    clients.forEach((c) => c.close());
  });

  it("an idle connection is closed with an error frame, but not while a request runs", async () => {
    const { server } = await serve({ token: null, limits: { idleMs: 300 } });
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token: null, keepAlive: false });
    if (!c.ok) throw new Error(c.error);
    // 1 s of work is longer than the idle limit: it must still complete.
    expect(await c.client.call("work.wait", { steps: 10, stepMs: 100 })).toEqual({ ok: true, result: { steps: 10 } });
    await new Promise<void>((resolve) => c.client.onClose(() => resolve()));
    expect(c.client.closeReason).toMatch(/idle timeout/);
    const after = await c.client.call("note.get", { name: "a" });
    expect(after).toMatchObject({ ok: false, failure: "closed", sent: false });
  });

  it("a client's keep-alive holds an idle connection open past the app's idle limit", async () => {
    const { server, token } = await serve({ limits: { idleMs: 300 } });
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    await new Promise((r) => setTimeout(r, 1500));
    expect(c.client.closed).toBe(false);
    expect(await c.client.call("note.get", { name: "a" })).toMatchObject({ ok: true });
    c.client.close();
  });

  it("refuses requests beyond the in-flight bound without closing", async () => {
    const { server } = await serve({ token: null, limits: { maxInFlight: 2 } });
    const peer = await rawConnect(server.port);
    for (let i = 1; i <= 3; i++) peer.send(JSON.stringify({ id: i, method: "work.wait", params: { steps: 5, stepMs: 40 } }) + "\n");
    const replies = [await peer.next(), await peer.next(), await peer.next()];
    expect(replies[0]).toMatchObject({ id: 3, ok: false, details: { code: "too_many_requests" } });
    expect(replies.slice(1)).toEqual([{ id: 1, ok: true, result: { steps: 5 } }, { id: 2, ok: true, result: { steps: 5 } }]);
    peer.socket.destroy();
  });

  it("drops a peer that sends requests but never reads the replies", async () => {
    const { server } = await serve({ token: null, limits: { maxUnreadBytes: 2 * 1024 * 1024 } });
    const peer = await rawConnect(server.port);
    peer.socket.pause();
    for (let i = 1; i <= 60; i++) peer.send(JSON.stringify({ id: i, method: "work.fill", params: { bytes: 1024 * 1024 } }) + "\n");
    for (let i = 0; i < 200 && server.connectionCount() > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(server.connectionCount()).toBe(0);
    peer.socket.destroy();
  });

  it("refuses to bind to a non-loopback address", async () => {
    const started = await startControlServer({ session: new NotebookSession(), app, port: 0, token: null, host: "0.0.0.0" });
    expect(started.ok).toBe(false);
    if (!started.ok) expect(started.error).toMatch(/loopback only/);
  });

  it("says when the port is in use", async () => {
    const { server } = await serve();
    const second = await startControlServer({ session: new NotebookSession(), app, port: server.port, token: null });
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.error).toMatch(new RegExp(`port ${server.port} is in use`));
  });
});

describe("client", () => {
  it("matches concurrent replies by id, and commands run one at a time in order", async () => {
    const { server, token, session } = await serve();
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    const calls = Array.from({ length: 20 }, (_, i) => c.client.call("note.set", { name: `n${i}`, value: i }));
    const results = await Promise.all(calls);
    results.forEach((r, i) => expect(r).toEqual({ ok: true, result: { name: `n${i}`, count: i + 1 } }));
    expect(session.notes.get("n7")).toBe(7);
    c.client.close();
  });

  it("passes engine failures through with their details", async () => {
    const { server, token } = await serve();
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    expect(await c.client.call("note.set", { value: 1 })).toEqual({ ok: false, failure: "remote", error: "name: expected a string", details: { param: "name" } });
    c.client.close();
  });

  it("times out a call, asks the app to cancel it, and skips its late reply", async () => {
    const { server, token } = await serve();
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    const slow = await c.client.call("work.wait", { steps: 50, stepMs: 20 }, { timeoutMs: 100 });
    expect(slow).toMatchObject({ ok: false, failure: "timeout", sent: true });
    // The next call gets its own reply, not the stale one.
    expect(await c.client.call("note.set", { name: "after", value: 1 })).toEqual({ ok: true, result: { name: "after", count: 1 } });
    for (let i = 0; i < 100 && c.client.staleReplies === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(c.client.staleReplies).toBeGreaterThanOrEqual(1);
    c.client.close();
  });

  it("forwards progress frames and cancels through an abort signal", async () => {
    const { server, token } = await serve();
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    const seen: string[] = [];
    const done = await c.client.call("work.wait", { steps: 3, stepMs: 5 }, { onProgress: (p) => seen.push(p.message) });
    expect(done).toEqual({ ok: true, result: { steps: 3 } });
    expect(seen).toEqual(["step 1 of 3", "step 2 of 3", "step 3 of 3"]);
    const controller = new AbortController();
    const pending = c.client.call("work.wait", { steps: 500, stepMs: 20 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatchObject({ ok: false, failure: "cancelled", sent: true });
    c.client.close();
  });

  it("a client that disconnects stops its command in flight, and the next command runs", async () => {
    const { server, token, session } = await serve();
    const first = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!first.ok) throw new Error(first.error);
    void first.client.call("work.wait", { steps: 1000, stepMs: 20 });
    await new Promise((r) => setTimeout(r, 150));
    first.client.close();
    const second = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!second.ok) throw new Error(second.error);
    // Queued behind the abandoned wait: it completes only because that one stopped (1000 x 20 ms otherwise).
    expect(await second.client.call("note.set", { name: "n", value: 1 }, { timeoutMs: 10_000 })).toMatchObject({ ok: true });
    expect(session.cancelled).toBe(1);
    second.client.close();
  });

  it("a server that goes away fails the call in flight as lost, and the next call says the app is gone", async () => {
    const { server, token } = await serve();
    const c = await ControlClient.connect({ host: "127.0.0.1", port: server.port, token });
    if (!c.ok) throw new Error(c.error);
    const pending = c.client.call("work.wait", { steps: 500, stepMs: 20 });
    setTimeout(() => void server.close(), 100);
    const lost = await pending;
    expect(lost).toMatchObject({ ok: false, failure: "lost", sent: true });
    if (!lost.ok) expect(lost.error).toMatch(/went away before replying to work.wait/);
    const next = await c.client.call("note.get", { name: "a" });
    expect(next).toMatchObject({ ok: false, failure: "closed", sent: false });
    if (!next.ok) expect(next.error).toMatch(/is gone/);
  });

  it("refuses non-loopback hosts and reports a refused connection", async () => {
    const far = await ControlClient.connect({ host: "10.0.0.1", port: 7070, token: null });
    expect(far).toMatchObject({ ok: false });
    const probe = connect({ host: "127.0.0.1", port: 0 });
    probe.on("error", () => {});
    const { server } = await serve();
    const port = server.port;
    await server.close();
    servers.splice(servers.indexOf(server), 1);
    const refused = await ControlClient.connect({ host: "127.0.0.1", port, token: null });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatch(/connection refused/);
  });
});
