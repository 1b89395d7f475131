// `--view PORT`: the web viewer served on loopback. GET / (the page), GET /scene (the binary scene),
// GET /events (server-sent events: a new scene revision after every change), POST /select (the page's pick
// becomes the app's selection). Every request needs the token from the URL the app prints and passes the
// Origin rules (origin.ts); anything else is refused with a reason and nothing runs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { generateToken, isLoopbackAddress, tokensEqual, type ServedSession } from "@mcp-wrappers/fieldcraft-control";
import type { MirroredState } from "../session/mirrored-state.js";
import { viewerCsp, viewerHtml } from "@mcp-wrappers/fieldcraft-viewer";
import { checkOrigin } from "./origin.js";
import { SceneFeed } from "./scene-feed.js";
import { runSelect, selectParams } from "./select.js";

export const VIEW_LIMITS = { maxBodyBytes: 16 * 1024 * 1024, maxEventStreams: 16, keepAliveMs: 25_000 } as const;

export interface ViewServerOptions {
  /** The worker's mirrored state on this thread: the scene the pages fetch. */
  mirror: MirroredState;
  /** The app's served session: picks run through it, so they are logged like any client's command. */
  session: ServedSession;
  host: string;
  port: number;
  /** Default: a fresh random token (never the control channel's, so a page URL cannot drive the channel). */
  token?: string;
  log: (line: string) => void;
}

export interface ViewServer {
  port: number;
  host: string;
  url: string;
  close(): Promise<void>;
}

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-frame-options": "DENY",
  "cross-origin-resource-policy": "same-origin",
};

function refuse(res: ServerResponse, status: number, reason: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "content-type": "text/plain; charset=utf-8" });
  res.end(`fieldcraft view: ${reason}\n`);
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...SECURITY_HEADERS, "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage, limit: number): Promise<{ ok: true; text: string } | { ok: false; error: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return { ok: false, error: `request body over ${limit} bytes` };
    chunks.push(chunk as Buffer);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}

export async function startViewServer(options: ViewServerOptions): Promise<{ ok: true; server: ViewServer } | { ok: false; error: string }> {
  const token = options.token ?? generateToken();
  const feed = new SceneFeed(options.mirror);
  const streams = new Set<ServerResponse>();
  let port = options.port;

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!isLoopbackAddress(req.socket.remoteAddress)) return refuse(res, 403, "loopback peers only");
    const verdict = checkOrigin(
      { method: req.method ?? "", host: req.headers.host, origin: req.headers.origin, secFetchSite: req.headers["sec-fetch-site"] as string | undefined },
      port,
    );
    if (!verdict.ok) return refuse(res, verdict.status, verdict.reason);
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    if (!tokensEqual(token, url.searchParams.get("token"))) {
      return refuse(res, 401, "token required: open the URL the app printed on stderr (…/?token=…)");
    }
    if (req.method === "GET" && url.pathname === "/") {
      res.writeHead(200, { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "content-security-policy": viewerCsp() });
      return res.end(viewerHtml());
    }
    if (req.method === "GET" && url.pathname === "/scene") {
      let scene;
      try {
        scene = feed.current();
      } catch (err) {
        return refuse(res, 500, `the scene could not be built: ${(err as Error).message}`);
      }
      res.writeHead(200, { ...SECURITY_HEADERS, "content-type": "application/octet-stream", "x-fieldcraft-revision": String(scene.revision) });
      return res.end(scene.bytes);
    }
    if (req.method === "GET" && url.pathname === "/events") {
      if (streams.size >= VIEW_LIMITS.maxEventStreams) return refuse(res, 503, `${VIEW_LIMITS.maxEventStreams} pages are open already`);
      res.writeHead(200, { ...SECURITY_HEADERS, "content-type": "text/event-stream", connection: "keep-alive" });
      res.write(`retry: 1000\nevent: scene\ndata: {"revision":${feed.latest}}\n\n`);
      streams.add(res);
      const unsubscribe = feed.subscribe((revision) => res.write(`event: scene\ndata: {"revision":${revision}}\n\n`));
      const ping = setInterval(() => res.write(": keep-alive\n\n"), VIEW_LIMITS.keepAliveMs);
      req.on("close", () => {
        clearInterval(ping);
        unsubscribe();
        streams.delete(res);
      });
      return;
    }
    if (req.method === "POST" && url.pathname === "/select") {
      // A custom header and a JSON body: a cross-origin page would need a preflight, which is refused above.
      if (!tokensEqual(token, req.headers["x-fieldcraft-token"])) return refuse(res, 401, "POST needs the x-fieldcraft-token header");
      if (!/^application\/json\b/i.test(req.headers["content-type"] ?? "")) return refuse(res, 415, "POST /select takes application/json");
      const body = await readBody(req, VIEW_LIMITS.maxBodyBytes);
      if (!body.ok) return refuse(res, 413, body.error);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.text);
      } catch (err) {
        return json(res, 400, { ok: false, error: `the body is not JSON: ${(err as Error).message}` });
      }
      const params = selectParams(parsed);
      if (!params.ok) return json(res, 400, { ok: false, error: params.error });
      const done = await runSelect(options.session, params.params);
      return json(res, done.ok ? 200 : 400, done);
    }
    return refuse(res, 404, `nothing at ${req.method} ${url.pathname}`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      options.log(`view: request failed: ${(err as Error)?.message ?? err}`);
      if (!res.headersSent) refuse(res, 500, "internal error");
      else res.end();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  const listened = await new Promise<{ ok: true } | { ok: false; error: string }>((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) =>
      resolve({ ok: false, error: err.code === "EADDRINUSE" ? `--view: port ${options.port} is in use` : `--view: cannot listen: ${err.message}` }),
    );
    server.listen(options.port, options.host, () => resolve({ ok: true }));
  });
  if (!listened.ok) {
    feed.close();
    return listened;
  }
  port = (server.address() as AddressInfo).port;
  const where = options.host.includes(":") ? `[${options.host}]:${port}` : `${options.host}:${port}`;
  const url = `http://${where}/?token=${token}`;
  return {
    ok: true,
    server: {
      port,
      host: options.host,
      url,
      close: () =>
        new Promise<void>((resolve) => {
          feed.close();
          for (const s of streams) s.end();
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    },
  };
}
