import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { hostOfHeader, isLoopbackHost } from "./loopback.js";

export interface GuardPolicy {
  /** The server listens on loopback only: Host must name this machine (DNS rebinding). */
  readonly loopback: boolean;
  /** Origins allowed besides loopback ones (exact `scheme://host[:port]`). */
  readonly allowedOrigins: ReadonlySet<string>;
  /** The bearer token every request must carry, when set. */
  readonly tokenDigest: Buffer | undefined;
}

export type Refusal = { readonly status: 401 | 403; readonly message: string };

export function tokenDigest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}

/**
 * The checks every request passes before its body is read: a browser page from another origin
 * (or a rebound DNS name) gets 403, a request without the token 401.
 */
export function refusalOf(headers: IncomingHttpHeaders, policy: GuardPolicy): Refusal | undefined {
  const host = headers.host === undefined ? undefined : hostOfHeader(headers.host);
  if (policy.loopback && (host === undefined || !isLoopbackHost(host))) {
    return { status: 403, message: `Forbidden: Host ${headers.host ?? "(none)"} is not this machine` };
  }
  const origin = headers.origin;
  if (origin !== undefined && !originAllowed(origin, headers.host, policy)) {
    return { status: 403, message: `Forbidden: Origin ${origin} is not allowed` };
  }
  if (policy.tokenDigest !== undefined) {
    const auth = headers.authorization;
    const m = auth === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m === null || !timingSafeEqual(tokenDigest(m[1]!), policy.tokenDigest)) {
      return { status: 401, message: "Unauthorized: send the server's token as `Authorization: Bearer <token>`" };
    }
  }
  return undefined;
}

function originAllowed(origin: string, hostHeader: string | undefined, policy: GuardPolicy): boolean {
  if (policy.allowedOrigins.has(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (isLoopbackHost(url.hostname)) return true;
  // A page served by this very server's host name (a remote bind behind its own name).
  return !policy.loopback && hostHeader !== undefined && url.host === hostHeader;
}
