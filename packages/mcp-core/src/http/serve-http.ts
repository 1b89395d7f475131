import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ERRORS } from "../jsonrpc/error-codes.js";
import { classify } from "../jsonrpc/message.js";
import { PARSE_FAILED, parseMessageBytes } from "../jsonrpc/parse-bytes.js";
import { errorLine } from "../jsonrpc/serialize.js";
import { eraOf, MODERN_ERRORS, MODERN_VERSIONS, unsupportedVersionError } from "../protocol/modern.js";
import { PROTOCOL_VERSIONS } from "../protocol/versions.js";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_LINE_BYTES } from "../server/definition.js";
import { Session, type Outlet, type Reply } from "../server/session.js";
import { BodyBudget, readBody } from "./body.js";
import { Connections } from "./connections.js";
import { refusalOf, tokenDigest, type GuardPolicy } from "./guard.js";
import { isLoopbackHost } from "./loopback.js";
import { modernHeaderMismatch } from "./modern-headers.js";
import { ReplyStream, sendJson, type Headers } from "./reply-stream.js";
import { isFactory, type HttpServed, type SessionInstance } from "./served.js";
import { SessionTable, type SessionRecord } from "./session-table.js";

export interface HttpServeOptions {
  /** Address to bind (default 127.0.0.1). A non-loopback address requires `token`. */
  readonly host?: string;
  /** Port (0: any free one; see `HttpEndpoint.port`). */
  readonly port: number;
  /** The MCP endpoint's path (default `/mcp`). */
  readonly path?: string;
  /** Bearer token every request must carry. Required unless `unauthenticated` (loopback only) says otherwise. */
  readonly token?: string;
  /** Serve without a token: any local process can then use the server. Refused for a non-loopback bind. */
  readonly unauthenticated?: boolean;
  /** Browser origins allowed besides loopback ones. */
  readonly allowedOrigins?: readonly string[];
  /** Most legacy sessions held at once (default 1024); when full, the least recently used idle one is ended. */
  readonly maxSessions?: number;
  /**
   * When full, end the least recently used idle session to admit a new one (default true); false
   * refuses the newcomer with 503 instead, for sessions whose state is precious (an agent's model).
   */
  readonly evictWhenFull?: boolean;
  /** A legacy session with no request for this long is ended (default 30 minutes). */
  readonly sessionIdleMs?: number;
  /** Largest body (default: the definition's `maxLineBytes`, 16 MiB). */
  readonly maxBodyBytes?: number;
  /** Deepest JSON nesting (default: the definition's `maxDepth`, 128). */
  readonly maxDepth?: number;
  /** Time a connection has to send a request's headers (default 10 s), from connect and after each answer. */
  readonly headersTimeoutMs?: number;
  /** Time a request has to send its whole body once its headers are in (default 60 s). */
  readonly bodyTimeoutMs?: number;
  /** Most connections open at once (default 1024); a newcomer past it replaces the oldest unchecked one. */
  readonly maxConnections?: number;
  /** Most connections with no request past the Host/Origin/token checks yet (default 256); the oldest is dropped for a newcomer. */
  readonly maxPendingConnections?: number;
  /** Most bytes of request bodies held at once, all connections together (default 4 × the largest body); past it 503. */
  readonly maxBodyBytesInFlight?: number;
  /** Diagnostics (stderr by default). */
  readonly log?: (text: string) => void;
  readonly diagnosticName?: string;
}

export interface HttpEndpoint {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** Legacy sessions currently held. */
  readonly sessionCount: number;
  /** Stops listening, ends every session (their calls are aborted) and releases their instances. */
  close(): Promise<void>;
}

const STREAM_KEEPALIVE_MS = 15_000;
const SESSION_HEADER = "mcp-session-id";
const LEGACY_VERSIONS: readonly string[] = PROTOCOL_VERSIONS;

/**
 * Serves MCP over Streamable HTTP on one endpoint: the initialize era with `Mcp-Session-Id`
 * sessions (POST, GET stream, DELETE) and the 2026-07-28 era statelessly (POST only).
 */
export async function serveHttp(served: HttpServed, options: HttpServeOptions): Promise<HttpEndpoint> {
  const name = options.diagnosticName ?? "mcp-core";
  const log = options.log ?? ((text: string) => void process.stderr.write(text.endsWith("\n") ? text : text + "\n"));
  const host = options.host ?? "127.0.0.1";
  const loopback = isLoopbackHost(host);
  if (!loopback && options.token === undefined) {
    throw new Error(`serving HTTP on ${host} (reachable from other machines) needs a bearer token`);
  }
  if (options.token === undefined && options.unauthenticated !== true) {
    // Any local user can reach a loopback port: no token is a choice to state, never a default.
    throw new Error("serving HTTP needs a bearer token (`token`), or `unauthenticated: true` to let any local process in");
  }
  const path = options.path ?? "/mcp";
  const shared = isFactory(served) ? undefined : served;
  const maxBody = options.maxBodyBytes ?? shared?.policies.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  const maxDepth = options.maxDepth ?? shared?.policies.maxDepth ?? DEFAULT_MAX_DEPTH;
  const guard: GuardPolicy = {
    loopback,
    allowedOrigins: new Set(options.allowedOrigins ?? []),
    tokenDigest: options.token === undefined ? undefined : tokenDigest(options.token),
  };
  const quietIo = { send: () => {}, log };
  const bodies = new BodyBudget(options.maxBodyBytesInFlight ?? 4 * maxBody);
  let connections: Connections;
  const open = async (): Promise<SessionInstance> => (isFactory(served) ? served.openSession() : { definition: served });

  const sessions = new SessionTable(options.maxSessions ?? 1024, options.sessionIdleMs ?? 30 * 60_000, (record, why) => {
    record.session.abortAll(`session ended (${why})`);
    record.stream?.end();
    if (why !== "idle" && why !== "deleted" && why !== "server closing") log(`${name}: ${why}`);
    Promise.resolve()
      .then(record.close)
      .catch((error: unknown) => log(`${name}: closing a session failed: ${(error as Error).message ?? String(error)}`));
  }, options.evictWhenFull ?? true);

  // The 2026-07-28 era has no sessions: its requests share one Session (one instance), cancelled by closing their stream.
  let stateless: Promise<{ session: Session; instance: SessionInstance }> | undefined;
  const statelessSession = (): Promise<{ session: Session; instance: SessionInstance }> =>
    (stateless ??= Promise.resolve(open()).then((instance) => ({ session: new Session(instance.definition, quietIo), instance })));

  const onPost = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const contentType = req.headers["content-type"] ?? "";
    if (!/^application\/json\b/i.test(contentType)) {
      req.resume();
      return sendJson(res, 415, errorLine(null, { ...ERRORS.invalidRequest, message: "Unsupported Media Type: send Content-Type: application/json" }));
    }
    const accept = req.headers.accept ?? "*/*";
    if (!/application\/json|text\/event-stream|\*\/\*|application\/\*/i.test(accept)) {
      req.resume();
      return sendJson(res, 406, errorLine(null, { ...ERRORS.invalidRequest, message: "Not Acceptable: accept application/json and text/event-stream" }));
    }
    const sseAllowed = /text\/event-stream|\*\/\*/i.test(accept);
    const body = await readBody(req, maxBody, bodies);
    connections.bodyDone(req.socket);
    if (body.kind === "aborted") return;
    if (body.kind === "busy") {
      const line = errorLine(null, { ...ERRORS.internal, message: `Service Unavailable: request bodies in flight passed this server's ${bodies.max} bytes; retry shortly` });
      return sendJson(res, 503, line, { "Retry-After": "1", Connection: "close" });
    }
    if (body.kind === "too-large") {
      const line = errorLine(null, { ...ERRORS.tooLarge, data: `the largest body accepted is ${maxBody} bytes` });
      return sendJson(res, 413, line, body.drained ? {} : { Connection: "close" });
    }
    const value = parseMessageBytes(body.bytes, maxDepth);
    if (value === PARSE_FAILED) return sendJson(res, 400, errorLine(null, ERRORS.parse));
    const message = classify(value);

    // The era: `initialize` opens a legacy session; a request carrying modern `_meta` is served statelessly.
    const method = message.kind === "request" ? message.method : message.kind === "notification" ? message.method : undefined;
    const params = message.kind === "request" || message.kind === "notification" ? message.params : undefined;
    const era = method === "initialize" ? ({ kind: "legacy" } as const) : eraOf(params);
    const headerVersion = single(req.headers["mcp-protocol-version"]);
    const id = message.kind === "request" ? message.id : null;

    if (era.kind !== "legacy" || (headerVersion !== undefined && (MODERN_VERSIONS as readonly string[]).includes(headerVersion))) {
      if (era.kind === "unsupported") return sendJson(res, 400, errorLine(id, unsupportedVersionError(era.requested)));
      if (era.kind === "malformed") return sendJson(res, 400, errorLine(id, { ...ERRORS.invalidParams, message: era.message }));
      if (era.kind === "legacy") {
        return sendJson(res, 400, errorLine(id, { code: MODERN_ERRORS.headerMismatch, message: `Header mismatch: MCP-Protocol-Version is ${headerVersion} but the body's _meta names no protocol version` }));
      }
      if (message.kind === "notification") return void res.writeHead(202).end();
      if (message.kind !== "request") return sendJson(res, 400, errorLine(id, ERRORS.invalidRequest));
      const mismatch = modernHeaderMismatch(req.headers, era.version, message.method, message.params);
      if (mismatch !== undefined) return sendJson(res, 400, errorLine(id, { code: MODERN_ERRORS.headerMismatch, message: mismatch }));
      const { session } = await statelessSession();
      if (!session.knows(message.method, true)) return sendJson(res, 404, errorLine(id, ERRORS.methodNotFound));
      return answer(session, value, res, {}, sseAllowed);
    }

    // Legacy era.
    if (headerVersion !== undefined && !LEGACY_VERSIONS.includes(headerVersion)) {
      return sendJson(res, 400, errorLine(id, unsupportedVersionError(headerVersion)));
    }
    if (message.kind === "request" && message.method === "initialize") {
      if (!sessions.makeRoom()) {
        return sendJson(res, 503, errorLine(id, { ...ERRORS.internal, message: `Service Unavailable: the server holds its ${options.maxSessions ?? 1024} sessions; end one (DELETE) or retry later` }), { "Retry-After": "5" });
      }
      let instance: SessionInstance;
      try {
        instance = await open();
      } catch (error) {
        log(`${name}: opening a session failed: ${(error as Error).message ?? String(error)}`);
        return sendJson(res, 503, errorLine(id, { ...ERRORS.internal, message: `Service Unavailable: the session could not be opened (${(error as Error).message})` }));
      }
      const session = new Session(instance.definition, quietIo);
      const record = sessions.add(session, () => instance.close?.());
      return answer(session, value, res, { "Mcp-Session-Id": record.id }, sseAllowed, record);
    }
    const sessionId = single(req.headers[SESSION_HEADER]);
    if (sessionId === undefined) {
      return sendJson(res, 400, errorLine(id, { ...ERRORS.invalidRequest, message: "Bad Request: send initialize first, then the Mcp-Session-Id it returned (or 2026-07-28 _meta)" }));
    }
    const record = sessions.get(sessionId);
    if (record === undefined) return sendJson(res, 404, errorLine(id, { code: -32001, message: "Session not found: it ended or expired; initialize again" }));
    return answer(record.session, value, res, { "Mcp-Session-Id": record.id }, sseAllowed, record);
  };

  const answer = async (
    session: Session, value: unknown, res: ServerResponse, headers: Headers, sseAllowed: boolean, record?: SessionRecord,
  ): Promise<void> => {
    const stream = new ReplyStream(res, headers, sseAllowed);
    const closed = new AbortController();
    const onClose = (): void => {
      if (!res.writableFinished) closed.abort();
    };
    res.once("close", onClose);
    const outlet: Outlet = { send: stream.notify, signal: closed.signal, cancelById: record !== undefined };
    if (record !== undefined) record.inflight++;
    let reply: Reply;
    try {
      reply = session.handle(value, outlet);
      if (reply instanceof Promise) reply = await reply;
    } finally {
      if (record !== undefined) {
        record.inflight--;
        record.lastSeen = Date.now();
      }
    }
    stream.finish(reply);
  };

  const onGet = (req: IncomingMessage, res: ServerResponse): void => {
    const sessionId = single(req.headers[SESSION_HEADER]);
    if (sessionId === undefined) {
      return void res.writeHead(405, { Allow: "POST, DELETE", "Content-Type": "text/plain" }).end("no server stream without a session (2026-07-28 has none)\n");
    }
    const record = sessions.get(sessionId);
    if (record === undefined) return sendJson(res, 404, errorLine(null, { code: -32001, message: "Session not found" }));
    if (!/text\/event-stream/i.test(req.headers.accept ?? "")) {
      return sendJson(res, 406, errorLine(null, { ...ERRORS.invalidRequest, message: "Not Acceptable: the server stream is text/event-stream" }));
    }
    if (record.stream !== undefined && !record.stream.destroyed) {
      return sendJson(res, 409, errorLine(null, { ...ERRORS.invalidRequest, message: "Conflict: this session's stream is already open" }));
    }
    // We never send requests or unsolicited notifications: the stream carries keep-alive comments only.
    res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache, no-transform", "X-Accel-Buffering": "no", "Mcp-Session-Id": record.id });
    res.flushHeaders();
    record.stream = res;
    const keepAlive = setInterval(() => {
      if (!res.writableNeedDrain) res.write(":\n\n");
    }, STREAM_KEEPALIVE_MS);
    keepAlive.unref();
    res.once("close", () => {
      clearInterval(keepAlive);
      if (record.stream === res) record.stream = undefined;
    });
  };

  const onDelete = (req: IncomingMessage, res: ServerResponse): void => {
    const sessionId = single(req.headers[SESSION_HEADER]);
    if (sessionId === undefined) return void res.writeHead(405, { Allow: "POST" }).end();
    const record = sessions.get(sessionId);
    if (record === undefined) return sendJson(res, 404, errorLine(null, { code: -32001, message: "Session not found" }));
    sessions.remove(record, "deleted");
    res.writeHead(200).end();
  };

  const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
    connections.headersIn(req.socket);
    res.once("finish", () => connections.answered(req.socket));
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    if ((q < 0 ? url : url.slice(0, q)) !== path) {
      req.resume();
      return void res.writeHead(404, { "Content-Type": "text/plain" }).end(`the MCP endpoint is ${path}\n`);
    }
    const refusal = refusalOf(req.headers, guard);
    if (refusal !== undefined) {
      req.resume();
      const extra: Headers = refusal.status === 401 ? { "WWW-Authenticate": 'Bearer realm="mcp"' } : {};
      return sendJson(res, refusal.status, errorLine(null, { ...ERRORS.invalidRequest, message: refusal.message }), extra);
    }
    connections.trust(req.socket);
    if (req.method !== "POST") connections.bodyDone(req.socket);
    switch (req.method) {
      case "POST":
        onPost(req, res).catch((error: unknown) => {
          log(`${name}: internal error: ${(error as Error).stack ?? String(error)}`);
          sendJson(res, 500, errorLine(null, { ...ERRORS.internal, data: (error as Error).message }));
        });
        return;
      case "GET":
        return onGet(req, res);
      case "DELETE":
        return onDelete(req, res);
      default:
        req.resume();
        return void res.writeHead(405, { Allow: "GET, POST, DELETE" }).end();
    }
  };

  const server: Server = createServer(onRequest);
  connections = new Connections(server, {
    headersMs: options.headersTimeoutMs ?? 10_000,
    bodyMs: options.bodyTimeoutMs ?? 60_000,
    maxConnections: options.maxConnections ?? 1024,
    maxPending: options.maxPendingConnections ?? 256,
  });
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;

  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}${path}`,
    host: address.address,
    port: address.port,
    get sessionCount() {
      return sessions.size;
    },
    close: () =>
      (closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        sessions.closeAll("server closing");
        if (stateless !== undefined) {
          const { session, instance } = await stateless;
          session.abortAll("server closing");
          if (isFactory(served)) await instance.close?.();
        }
        connections.destroyAll();
        await stopped;
        if (shared?.onShutdown !== undefined) await shared.onShutdown("signal");
      })()),
  };
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
