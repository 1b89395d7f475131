// The channel's bounds as one table, so the server, the client and the docs agree on every number.
export interface ControlLimits {
  /** Longest request or reply line in bytes, newline excluded. */
  maxLineBytes: number;
  /** Authenticated connections at once; one more is refused with an error frame. */
  maxConnections: number;
  /**
   * Connections still to authenticate, counted apart so idle unauthenticated sockets cannot lock the
   * real client out; when full, the one waiting longest is closed to make room.
   */
  maxPendingAuth: number;
  /** A connection with no request in flight and no frame for this long is closed. */
  idleMs: number;
  /** A connection must authenticate within this long of opening. */
  authMs: number;
  /** Requests one connection may have waiting or running at once; more are refused, not queued. */
  maxInFlight: number;
  /** Reply bytes a connection may leave unread before it is closed (a peer that sends but never reads). */
  maxUnreadBytes: number;
}

export const DEFAULT_LIMITS: Readonly<ControlLimits> = Object.freeze({
  maxLineBytes: 16 * 1024 * 1024,
  maxConnections: 16,
  maxPendingAuth: 64,
  idleMs: 15 * 60 * 1000,
  authMs: 10 * 1000,
  maxInFlight: 64,
  maxUnreadBytes: 64 * 1024 * 1024,
});

export const DEFAULT_CONTROL_PORT = 7070;

/** Version of the wire protocol, reported by `describe`. */
export const PROTOCOL_VERSION = 1;

/** The bounds a client needs to know (sent in the `auth` reply and in `describe`), in the wire's snake case. */
export function publicLimits(limits: ControlLimits): Record<string, number> {
  return {
    max_line_bytes: limits.maxLineBytes,
    max_connections: limits.maxConnections,
    max_in_flight: limits.maxInFlight,
    idle_ms: limits.idleMs,
  };
}
