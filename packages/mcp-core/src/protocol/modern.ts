/**
 * The 2026-07-28 ("modern") era: no handshake; every request names its version and the client's
 * capabilities in `params._meta`. A dual-era server tells the eras apart by that `_meta` key.
 */
import { PROTOCOL_VERSIONS } from "./versions.js";

/** The modern revisions spoken, newest first. */
export const MODERN_VERSIONS = ["2026-07-28"] as const;
export type ModernVersion = (typeof MODERN_VERSIONS)[number];

/** Everything this core speaks, newest first: what `server/discover` and -32022 advertise. */
export const SUPPORTED_VERSIONS: readonly string[] = [...MODERN_VERSIONS, ...PROTOCOL_VERSIONS];

export const META = {
  protocolVersion: "io.modelcontextprotocol/protocolVersion",
  clientCapabilities: "io.modelcontextprotocol/clientCapabilities",
  clientInfo: "io.modelcontextprotocol/clientInfo",
  logLevel: "io.modelcontextprotocol/logLevel",
  serverInfo: "io.modelcontextprotocol/serverInfo",
} as const;

/** The error codes the modern revision defines (its reserved -32020..-32099 range). */
export const MODERN_ERRORS = {
  headerMismatch: -32020,
  missingClientCapability: -32021,
  unsupportedVersion: -32022,
} as const;

/** Methods the modern revision removed: a modern request for them is -32601. */
export const REMOVED_IN_MODERN: ReadonlySet<string> = new Set(["initialize", "ping", "logging/setLevel"]);

/** Log levels in increasing severity (RFC 5424 order, as the schema lists them). */
export const LOG_LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Severity rank of a level, or -1 for anything that is not one. */
export function logRank(level: unknown): number {
  return typeof level === "string" ? (LOG_LEVELS as readonly string[]).indexOf(level) : -1;
}

/** What a request's `_meta` says about its era. */
export type RequestEra =
  | { readonly kind: "legacy" }
  | { readonly kind: "modern"; readonly version: ModernVersion; readonly logRank: number }
  | { readonly kind: "unsupported"; readonly requested: string }
  | { readonly kind: "malformed"; readonly message: string };

/** Reads the era from `params._meta`: a request without the version key is legacy. */
export function eraOf(params: unknown): RequestEra {
  if (typeof params !== "object" || params === null) return LEGACY;
  const meta = (params as Record<string, unknown>)._meta;
  if (typeof meta !== "object" || meta === null || !(META.protocolVersion in meta)) return LEGACY;
  const m = meta as Record<string, unknown>;
  const version = m[META.protocolVersion];
  if (typeof version !== "string") return { kind: "malformed", message: `\`_meta["${META.protocolVersion}"]\` must be a string` };
  if (!(MODERN_VERSIONS as readonly string[]).includes(version)) return { kind: "unsupported", requested: version };
  const caps = m[META.clientCapabilities];
  if (caps !== undefined && (typeof caps !== "object" || caps === null || Array.isArray(caps))) {
    return { kind: "malformed", message: `\`_meta["${META.clientCapabilities}"]\` must be an object` };
  }
  const level = m[META.logLevel];
  const rank = level === undefined ? -1 : logRank(level);
  if (level !== undefined && rank < 0) {
    return { kind: "malformed", message: `\`_meta["${META.logLevel}"]\` must be one of ${LOG_LEVELS.join(", ")}` };
  }
  return { kind: "modern", version: version as ModernVersion, logRank: rank };
}

const LEGACY: RequestEra = { kind: "legacy" };

/** The -32022 error body: the versions we speak and the one asked for. */
export function unsupportedVersionError(requested: string): { code: number; message: string; data: object } {
  return {
    code: MODERN_ERRORS.unsupportedVersion,
    message: "Unsupported protocol version",
    data: { supported: SUPPORTED_VERSIONS, requested },
  };
}
