// `--view PORT` over real loopback HTTP: the page, the scene and the event stream with the printed token;
// refusals for a missing or wrong token, a foreign Host (DNS rebinding), a foreign Origin, cross-site fetches,
// preflights and malformed picks; a pick becoming the app's selection; pushes after the channel's commands.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectToApp, type ControlClient } from "@mcp-wrappers/fieldcraft-control";
import { runApp, startApp, stopApp, type AppProcess } from "./helpers/app-process.js";

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function request(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: options.method ?? "GET", headers: { host: `127.0.0.1:${port}`, ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** Opens the event stream and collects its `scene` events until closed. */
function events(port: number, token: string): { revisions: number[]; close(): void; ready: Promise<number> } {
  const revisions: number[] = [];
  let req: http.ClientRequest;
  const ready = new Promise<number>((resolve, reject) => {
    req = http.get({ host: "127.0.0.1", port, path: `/events?token=${token}`, headers: { host: `127.0.0.1:${port}` } }, (res) => {
      resolve(res.statusCode!);
      let buf = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        buf += d;
        for (const m of buf.matchAll(/event: scene\ndata: \{"revision":(\d+)\}\n\n/g)) revisions.push(Number(m[1]));
        buf = buf.slice(buf.lastIndexOf("\n\n") + 2);
      });
      res.on("error", () => undefined);
    });
    req.on("error", reject);
  });
  return { revisions, ready, close: () => req.destroy() };
}

async function until(cond: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the viewer server (--view)", () => {
  let app: AppProcess;
  let port: number;
  let token: string;
  let client: ControlClient;

  beforeAll(async () => {
    app = await startApp(["--view", "0"]);
    await until(() => /viewer: open /.test(app.stderr()), 10_000);
    const url = new URL(/viewer: open (\S+)/.exec(app.stderr())![1]);
    port = Number(url.port);
    token = url.searchParams.get("token")!;
    const c = await connectToApp({ host: "127.0.0.1", port: app.port, token: app.token ?? undefined });
    if (!c.ok) throw new Error(c.error);
    client = c.client;
  });
  afterAll(async () => {
    client?.close();
    if (app) await stopApp(app);
  });

  test("the printed URL is loopback with its own token (not the control channel's)", () => {
    expect(/viewer: open http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64} /.test(app.stderr())).toBe(true);
    expect(token).not.toBe(app.token);
  });

  test("the page: self-contained HTML under a CSP that allows its one script and its own origin only", async () => {
    const r = await request(port, `/?token=${token}`);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toBe("text/html; charset=utf-8");
    const csp = r.headers["content-security-policy"] as string;
    expect(csp).toMatch(/default-src 'none'/);
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(r.headers["referrer-policy"]).toBe("no-referrer");
    expect(r.body.toString()).toContain("<title>FieldCraft viewer</title>");
  });

  test("without the token, or with a wrong one (the channel's included), everything is refused", async () => {
    for (const path of ["/", "/scene", "/events", `/?token=${"0".repeat(64)}`, `/?token=${app.token}`, `/scene?token=${token.slice(0, 63)}`]) {
      const r = await request(port, path);
      expect(r.status, path).toBe(401);
      expect(r.body.toString()).toMatch(/token required/);
    }
  });

  test("a foreign Host (DNS rebinding), a foreign Origin and cross-site fetches are refused even with the token", async () => {
    const cases: [Record<string, string>, number, RegExp][] = [
      [{ host: `evil.example:${port}` }, 421, /Host "evil\.example:\d+" is not this server/],
      [{ host: `127.0.0.1:${port + 1}` }, 421, /is not this server/],
      [{ origin: "http://evil.example" }, 403, /Origin "http:\/\/evil\.example" may not use the viewer/],
      [{ origin: `http://127.0.0.1:${port + 1}` }, 403, /may not use the viewer/],
      [{ origin: "null" }, 403, /Origin "null"/],
      [{ "sec-fetch-site": "cross-site" }, 403, /a cross-site request/],
      [{ "sec-fetch-site": "same-site" }, 403, /a same-site request/],
    ];
    for (const [headers, status, message] of cases) {
      for (const path of [`/?token=${token}`, `/scene?token=${token}`]) {
        const r = await request(port, path, { headers });
        expect(r.status, JSON.stringify(headers)).toBe(status);
        expect(r.body.toString()).toMatch(message);
      }
    }
    // The page's own origin, under every loopback name, is served.
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      expect((await request(port, `/scene?token=${token}`, { headers: { origin, "sec-fetch-site": "same-origin" } })).status).toBe(200);
    }
  });

  test("a cross-origin preflight gets no CORS permission, and methods other than GET and POST are refused", async () => {
    const r = await request(port, `/select?token=${token}`, {
      method: "OPTIONS",
      headers: { origin: `http://127.0.0.1:${port}`, "access-control-request-method": "POST", "access-control-request-headers": "x-fieldcraft-token" },
    });
    expect(r.status).toBe(405);
    expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
    expect((await request(port, `/?token=${token}`, { method: "PUT" })).status).toBe(405);
  });

  test("the scene is one binary frame; the event stream pushes a new revision after a channel command", async () => {
    const empty = await request(port, `/scene?token=${token}`);
    expect(empty.status).toBe(200);
    expect(empty.headers["content-type"]).toBe("application/octet-stream");
    expect(empty.body.subarray(0, 4).toString()).toBe("FCV1");
    const stream = events(port, token);
    expect(await stream.ready).toBe(200);
    await until(() => stream.revisions.length >= 1);
    const first = stream.revisions[0];
    const sent = Date.now();
    const r = await client.call("file.sample", { name: "stepped-block" }, { timeoutMs: 60_000 });
    expect(r.ok).toBe(true);
    await until(() => stream.revisions.some((v) => v > first), 5_000);
    expect(Date.now() - sent).toBeLessThan(5_000);
    const scene = await request(port, `/scene?token=${token}`);
    expect(Number(scene.headers["x-fieldcraft-revision"])).toBeGreaterThan(first);
    // The header names the model's face tags and counts: the stepped block's 1440 elements.
    const jsonLength = scene.body.readUInt32LE(4);
    const header = JSON.parse(scene.body.subarray(8, 8 + jsonLength).toString());
    expect(header.counts.elements).toBe(1440);
    expect(header.source).toBe("mesh");
    expect(scene.body.byteLength).toBeGreaterThan(empty.body.byteLength);
    stream.close();
  });

  test("a pick becomes the app's selection (logged like any command); malformed picks are refused and change nothing", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      request(port, `/select?token=${token}`, { method: "POST", body, headers: { "content-type": "application/json", "x-fieldcraft-token": token, origin: `http://127.0.0.1:${port}`, ...headers } });
    const bad: [string, Record<string, string>, number, RegExp][] = [
      ['{"geometry":[{"body":"Steps","face":"F1:+x"}]}', { "x-fieldcraft-token": "" }, 401, /x-fieldcraft-token/],
      ['{"geometry":[{"body":"Steps","face":"F1:+x"}]}', { "content-type": "text/plain" }, 415, /application\/json/],
      ["{not json", {}, 400, /not JSON/],
      ['{"at":[10,10]}', {}, 400, /unknown member \\"at\\"/],
      ['{"geometry":[{"body":"Steps","face":"F9:+q"}]}', {}, 400, /F9:\+q/],
      ['{"geometry":[{"body":"Steps","face":"F1:+x"}]}', { origin: "http://evil.example" }, 403, /may not use the viewer/],
    ];
    for (const [body, headers, status, message] of bad) {
      const r = await post(body, headers);
      expect(r.status, body + JSON.stringify(headers)).toBe(status);
      expect(r.body.toString()).toMatch(message);
    }
    const none = await client.call("ui.selection", {});
    expect((none as any).result.empty).toBe(true);

    const r = await post('{"mode":"replace","geometry":[{"body":"Steps","face":"F1:+x"}]}');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toMatchObject({ ok: true, summary: "selected: 1 geometry item" });
    const now = (await client.call("ui.selection", {})) as any;
    expect(now.result.selection.geometry).toEqual([{ body: "Steps", face: "F1:+x" }]);
    expect(app.stderr()).toMatch(/ui\.select ok/);
  });

  test("at most 16 event streams; the 17th is refused and the server goes on serving", async () => {
    const streams = Array.from({ length: 16 }, () => events(port, token));
    const statuses = await Promise.all(streams.map((s) => s.ready));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const extra = await request(port, `/events?token=${token}`);
    expect(extra.status).toBe(503);
    for (const s of streams) s.close();
    await new Promise((r) => setTimeout(r, 200));
    expect((await request(port, `/scene?token=${token}`)).status).toBe(200);
  });
});

describe("--view flag errors", () => {
  test("a malformed port exits 2 naming the flag", async () => {
    const r = await runApp(["--control", "0", "--view", "80a"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--view 80a: expected a port number/);
  });

  test("a port in use exits 1 and says so", async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, "127.0.0.1", () => r()));
    const busy = (blocker.address() as net.AddressInfo).port;
    const r = await runApp(["--control", "0", "--view", String(busy)]);
    blocker.close();
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`--view: port ${busy} is in use`));
  });
});
