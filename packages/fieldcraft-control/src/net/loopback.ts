// The channel lives on loopback only: the app refuses to bind elsewhere and the client refuses to connect elsewhere.
import { isIP } from "node:net";

/** Normalises a host the user typed; `localhost` means 127.0.0.1 so the choice never depends on the resolver. */
export function loopbackHost(host: string): { ok: true; host: string } | { ok: false; error: string } {
  const h = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h === "127.0.0.1") return { ok: true, host: "127.0.0.1" };
  if (h === "::1") return { ok: true, host: "::1" };
  return {
    ok: false,
    error: `the control channel is loopback only: use 127.0.0.1 or ::1, not ${JSON.stringify(host)}`,
  };
}

/** Whether a peer address is loopback (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === "::1") return true;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return isIP(v4) === 4 && v4.startsWith("127.");
}

/** Parses `HOST:PORT` (`[::1]:7070` for IPv6); the host must be loopback. */
export function parseHostPort(text: string): { ok: true; host: string; port: number } | { ok: false; error: string } {
  const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5})$/.exec(text.trim());
  if (!m) return { ok: false, error: `expected HOST:PORT (for example 127.0.0.1:7070), got ${JSON.stringify(text)}` };
  const port = Number(m[3]);
  if (port < 1 || port > 65535) return { ok: false, error: `port must be 1-65535, got ${m[3]}` };
  const host = loopbackHost(m[1] ?? m[2]);
  if (!host.ok) return host;
  return { ok: true, host: host.host, port };
}
