import { readFileSync } from "node:fs";
import { isLoopbackHost } from "./loopback.js";

export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/** `--http [HOST:]PORT` → an address; loopback (127.0.0.1) when no host is given; port 0 picks a free one. */
export function parseListenAddress(value: string): ListenAddress | { readonly error: string } {
  const m = /^(?:(\[[0-9a-fA-F:.]+\]|[^:\s\[\]]+):)?(\d{1,5})$/.exec(value.trim());
  const port = m === null ? NaN : Number(m[2]);
  if (m === null || !(port >= 0 && port <= 65535)) {
    return { error: `--http ${value}: expected [HOST:]PORT, e.g. 8080 or 127.0.0.1:8080 or [::1]:8080` };
  }
  const raw = m[1] ?? "127.0.0.1";
  return { host: raw.startsWith("[") ? raw.slice(1, -1) : raw, port };
}

/**
 * The bearer token rule: any bind that other machines can reach needs a token (read from a file,
 * so it never shows in `ps`); loopback binds may have one.
 */
export function resolveHttpToken(address: ListenAddress, tokenFile: string | undefined): { token?: string } | { error: string } {
  if (tokenFile === undefined) {
    if (isLoopbackHost(address.host)) return {};
    return { error: `--http ${address.host}:${address.port} is reachable from other machines; give --http-token-file FILE (a bearer token clients must send)` };
  }
  let text: string;
  try {
    text = readFileSync(tokenFile, "utf8");
  } catch (error) {
    return { error: `--http-token-file ${tokenFile}: cannot read it (${(error as Error).message})` };
  }
  const token = text.trim();
  if (token.length < 16 || /\s/.test(token)) {
    return { error: `--http-token-file ${tokenFile}: the token must be one line of at least 16 characters without spaces` };
  }
  return { token };
}
