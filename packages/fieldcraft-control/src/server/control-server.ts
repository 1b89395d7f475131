// The control server: a loopback TCP listener that serves one session to at most N authenticated clients.
import { createServer, type Server, type Socket } from "node:net";
import { isLoopbackAddress, loopbackHost } from "../net/loopback.js";
import type { ControlRequest } from "../protocol/frames.js";
import { DEFAULT_LIMITS, type ControlLimits } from "../protocol/limits.js";
import type { CommandOutcome, ProgressUpdate, ServedSession } from "../protocol/session.js";
import { Connection, type ConnectionHost } from "./connection.js";
import { CHANNEL_METHODS, describeResult, type AppIdentity } from "./methods.js";
import { SerialQueue } from "./serial-queue.js";

export interface ControlServerOptions {
  session: ServedSession;
  app: AppIdentity;
  /** 127.0.0.1 (default), ::1 or localhost; anything else is refused. */
  host?: string;
  /** 0 picks a free port. */
  port: number;
  /** The token clients must present; null turns authentication off (an explicit choice of the caller). */
  token: string | null;
  limits?: Partial<ControlLimits>;
  /** Extra fields for `describe` (the app's view state), computed per call. */
  describeExtra?: () => Record<string, unknown>;
  log?: (line: string) => void;
}

export interface ControlServer {
  host: string;
  port: number;
  /** Open connections. */
  connectionCount(): number;
  /** Stops listening, tells every client the app is shutting down, and waits for the sockets to close. */
  close(): Promise<void>;
}

export async function startControlServer(
  options: ControlServerOptions,
): Promise<{ ok: true; server: ControlServer } | { ok: false; error: string }> {
  const host = loopbackHost(options.host ?? "127.0.0.1");
  if (!host.ok) return host;
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    return { ok: false, error: `port must be an integer 0-65535 (0 for any free port), got ${options.port}` };
  }
  const limits: ControlLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.log ?? (() => {});
  const queue = new SerialQueue();
  const connections = new Set<Connection>();
  /** Connections still to authenticate, oldest first (a Set keeps insertion order). */
  const pending = new Set<Connection>();
  const channelMethods = new Set<string>(CHANNEL_METHODS);

  const dispatch = async (
    request: ControlRequest,
    signal: AbortSignal,
    progress: ((p: ProgressUpdate) => void) | null,
  ): Promise<CommandOutcome> => {
    if (request.method === "describe") {
      return describeResult(options.app, options.session, request.params, options.describeExtra?.() ?? {}, limits);
    }
    return queue.run(async () => {
      if (signal.aborted) return { ok: false, error: `cancelled before it started: ${request.method}`, details: { code: "cancelled" } };
      return options.session.execute(request.method, request.params, { signal, ...(progress ? { onProgress: progress } : {}) });
    });
  };

  const connectionHost: ConnectionHost = {
    token: options.token,
    limits,
    dispatch: dispatch as ConnectionHost["dispatch"],
    isKnownMethod: (method) => channelMethods.has(method) || options.session.catalogue().some((c) => c.id === method),
    onClosed: (connection) => {
      connections.delete(connection);
      pending.delete(connection);
    },
    onAuthenticated: (connection) => {
      pending.delete(connection);
      if (connections.size >= limits.maxConnections) return false;
      connections.add(connection);
      return true;
    },
    log,
  };

  const server: Server = createServer({ allowHalfOpen: false });
  server.on("connection", (socket: Socket) => {
    const connection = new Connection(socket, connectionHost);
    if (!isLoopbackAddress(socket.remoteAddress)) return connection.fail("not_loopback", null);
    if (connections.size >= limits.maxConnections) {
      log(`refused a connection: ${connections.size} of ${limits.maxConnections} are open`);
      return connection.fail("too_many_connections", null, `${limits.maxConnections} are open`);
    }
    if (connection.isAuthenticated) {
      connections.add(connection);
      return;
    }
    // Unauthenticated sockets wait in a pool of their own; a full pool drops the longest waiter, so
    // idle peers without the token can delay the real client by nothing but a reconnect at worst.
    if (pending.size >= limits.maxPendingAuth) {
      const oldest = pending.values().next().value as Connection;
      pending.delete(oldest);
      log(`closed the longest-waiting unauthenticated connection: ${limits.maxPendingAuth} were waiting`);
      oldest.fail("too_many_connections", null, `${limits.maxPendingAuth} connections were waiting to authenticate; the longest-waiting was closed`);
    }
    pending.add(connection);
  });

  const listening = await new Promise<{ ok: true } | { ok: false; error: string }>((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      const why = err.code === "EADDRINUSE" ? `port ${options.port} is in use` : err.message;
      resolve({ ok: false, error: `cannot listen on ${host.host}:${options.port}: ${why}` });
    });
    server.listen({ host: host.host, port: options.port, exclusive: true }, () => resolve({ ok: true }));
  });
  if (!listening.ok) return listening;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;

  return {
    ok: true,
    server: {
      host: host.host,
      port,
      connectionCount: () => connections.size + pending.size,
      close: async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const connection of [...connections, ...pending]) connection.fail("shutting_down", null);
        await closed;
      },
    },
  };
}
