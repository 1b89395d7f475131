// The --http flags as a value: where to listen, the token file, and the bounds on per-agent sessions.
import { parseListenAddress, type ListenAddress } from "@mcp-wrappers/mcp-core";

export interface HttpOptions {
  address: ListenAddress;
  tokenFile?: string;
  /** `--http-no-auth`: serve loopback without a token (stated, never the default). */
  noAuth?: boolean;
  /** `--unconfined`: without roots, file access is not confined to the working folder. */
  unconfined?: boolean;
  /** Most agents (engine sessions) served at once. */
  maxSessions: number;
  /** Memory one session's engine may use: the cap on one solve's estimate, and half of it for its undo history. */
  sessionMemoryBytes: number;
}

export const DEFAULT_HTTP_MAX_SESSIONS = 8;
export const DEFAULT_HTTP_SESSION_MIB = 2048;

export const HTTP_FLAGS = {
  http: { type: "string" },
  "http-token-file": { type: "string" },
  "http-no-auth": { type: "boolean" },
  unconfined: { type: "boolean" },
  "http-max-sessions": { type: "string" },
  "http-session-memory-mib": { type: "string" },
} as const;

export const HTTP_USAGE = `  --http [HOST:]PORT            serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio; each
                                client session gets its own headless engine session (HOST defaults to
                                127.0.0.1; port 0 picks a free one; the address goes to stderr)
  --http-token-file FILE        clients must send \`Authorization: Bearer <the token in FILE>\`; without it
                                a loopback server makes a random token, writes it to a 0600 file and
                                prints both on stderr (a non-loopback HOST requires the file)
  --http-no-auth                serve loopback HTTP without a token (any local process can use it)
  --unconfined                  over HTTP without roots, do not confine files to the working folder
  --http-max-sessions N         most sessions at once (default ${DEFAULT_HTTP_MAX_SESSIONS}); when full, the least recently
                                used idle one ends to admit a new one (503 only while all are busy);
                                a session also ends on DELETE or after 30 minutes idle
  --http-session-memory-mib N   memory one session's solves and undo history may use (default ${DEFAULT_HTTP_SESSION_MIB})
`;

type Values = { [K in Exclude<keyof typeof HTTP_FLAGS, "http-no-auth" | "unconfined">]?: string } & { "http-no-auth"?: boolean; unconfined?: boolean };

function positiveInt(flag: string, value: string, max: number): number | { error: string } {
  const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
  return n >= 1 && n <= max ? n : { error: `--${flag} ${value}: expected a whole number from 1 to ${max}` };
}

/** Undefined without --http; an error for a malformed value or an HTTP flag without --http. */
export function parseHttpOptions(values: Values): HttpOptions | undefined | { error: string } {
  if (values.http === undefined) {
    const stray = (["http-token-file", "http-no-auth", "unconfined", "http-max-sessions", "http-session-memory-mib"] as const).find((k) => values[k] !== undefined);
    return stray === undefined ? undefined : { error: `--${stray} only applies with --http` };
  }
  const address = parseListenAddress(values.http);
  if ("error" in address) return address;
  const maxSessions = positiveInt("http-max-sessions", values["http-max-sessions"] ?? String(DEFAULT_HTTP_MAX_SESSIONS), 10_000);
  if (typeof maxSessions !== "number") return maxSessions;
  const mib = positiveInt("http-session-memory-mib", values["http-session-memory-mib"] ?? String(DEFAULT_HTTP_SESSION_MIB), 1_048_576);
  if (typeof mib !== "number") return mib;
  const out: HttpOptions = { address, maxSessions, sessionMemoryBytes: mib * 1024 * 1024 };
  if (values["http-token-file"] !== undefined) out.tokenFile = values["http-token-file"];
  if (values["http-no-auth"] === true) out.noAuth = true;
  if (values.unconfined === true) out.unconfined = true;
  return out;
}
