import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Time a connection has to send a request's headers: from connect, and again after each answer (keep-alive). */
  readonly headersMs: number;
  /** Time a request has to send its whole body once its headers are in. */
  readonly bodyMs: number;
  /** Most connections open at once; a newcomer past it replaces the oldest untrusted one, else is closed. */
  readonly maxConnections: number;
  /** Most connections that have not yet sent a request past the Host/Origin/token checks; the oldest is dropped for a newcomer. */
  readonly maxPending: number;
}

interface Connection {
  readonly socket: Socket;
  timer: NodeJS.Timeout | undefined;
  /** A request of this connection passed the guard (Host, Origin, token). */
  trusted: boolean;
}

/**
 * The server's own deadlines and caps on sockets, so a client that dribbles bytes, or thousands of
 * them, cannot hold the server past a bound it states (Node's `headersTimeout`/`requestTimeout` are
 * checked on a coarse interval and a flood of half-open sockets exhausts descriptors before them).
 */
export class Connections {
  readonly #limits: ConnectionLimits;
  readonly #all = new Map<Socket, Connection>();
  /** Untrusted connections in arrival order (Set order), the oldest first. */
  readonly #pending = new Set<Connection>();

  constructor(server: Server, limits: ConnectionLimits) {
    this.#limits = limits;
    server.headersTimeout = limits.headersMs;
    server.requestTimeout = limits.headersMs + limits.bodyMs;
    server.on("connection", (socket: Socket) => this.#open(socket));
  }

  get size(): number {
    return this.#all.size;
  }

  get pending(): number {
    return this.#pending.size;
  }

  /** Headers are in: the header deadline stops, the body deadline starts (ended by `bodyDone`). */
  headersIn(socket: Socket): void {
    const conn = this.#all.get(socket);
    if (conn !== undefined) this.#arm(conn, this.#limits.bodyMs);
  }

  /** The body is read (or there is none to wait for): no deadline while the call runs. */
  bodyDone(socket: Socket): void {
    const conn = this.#all.get(socket);
    if (conn !== undefined) this.#disarm(conn);
  }

  /** The answer is sent: a kept-alive connection has `headersMs` again for its next request. */
  answered(socket: Socket): void {
    const conn = this.#all.get(socket);
    if (conn !== undefined && !socket.destroyed) this.#arm(conn, this.#limits.headersMs);
  }

  /** A request of this connection passed the guard: it no longer counts against `maxPending`. */
  trust(socket: Socket): void {
    const conn = this.#all.get(socket);
    if (conn === undefined || conn.trusted) return;
    conn.trusted = true;
    this.#pending.delete(conn);
  }

  destroyAll(): void {
    for (const socket of [...this.#all.keys()]) socket.destroy();
  }

  #open(socket: Socket): void {
    if (this.#all.size >= this.#limits.maxConnections && this.#pending.size === 0) {
      socket.destroy(); // every open connection is a trusted client's: the newcomer waits for one to end
      return;
    }
    const conn: Connection = { socket, timer: undefined, trusted: false };
    this.#all.set(socket, conn);
    if (this.#pending.size >= this.#limits.maxPending || this.#all.size > this.#limits.maxConnections) {
      // The oldest untrusted connection makes room: a flood of idle sockets cannot lock a real client out.
      const oldest = this.#pending.values().next().value as Connection;
      this.#pending.delete(oldest);
      oldest.socket.destroy();
    }
    this.#pending.add(conn);
    this.#arm(conn, this.#limits.headersMs);
    socket.once("close", () => {
      this.#disarm(conn);
      this.#pending.delete(conn);
      this.#all.delete(socket);
    });
  }

  #arm(conn: Connection, ms: number): void {
    this.#disarm(conn);
    conn.timer = setTimeout(() => conn.socket.destroy(), ms);
    conn.timer.unref();
  }

  #disarm(conn: Connection): void {
    if (conn.timer !== undefined) clearTimeout(conn.timer);
    conn.timer = undefined;
  }
}
