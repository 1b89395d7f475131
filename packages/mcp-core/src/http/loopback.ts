import { isIP } from "node:net";

/** Whether a host name or address stays on this machine (127.0.0.0/8, ::1, localhost). */
export function isLoopbackHost(host: string): boolean {
  const h = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  const lower = h.toLowerCase();
  if (lower === "localhost" || lower.endsWith(".localhost")) return true;
  if (isIP(lower) === 4) return lower.startsWith("127.");
  if (isIP(lower) === 6) return lower === "::1" || lower === "0:0:0:0:0:0:0:1" || lower.startsWith("::ffff:127.");
  return false;
}

/** The host part of a Host header value (`name:port`, `[v6]:port`), or undefined when malformed. */
export function hostOfHeader(value: string): string | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:\[\]\s]+)(?::\d{1,5})?$/.exec(value.trim());
  return m === null ? undefined : m[1];
}
