// Who may talk to the view server: loopback peers whose Host names this server (no DNS rebinding), whose
// Origin, when a browser sends one, is this server's own, and whose fetch is not cross-site. The control
// channel refuses every HTTP request outright; the page gets HTTP, but only from its own origin.

export interface RequestFacts {
  method: string;
  host: string | undefined;
  origin: string | undefined;
  secFetchSite: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; status: number; reason: string };

/** The Host values that name this server: the loopback names with its port. */
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function checkOrigin(req: RequestFacts, port: number): Verdict {
  const hosts = ownHosts(port);
  const host = (req.host ?? "").toLowerCase();
  if (!hosts.includes(host)) {
    return { ok: false, status: 421, reason: `Host ${JSON.stringify(req.host ?? "")} is not this server (expected ${hosts.join(", ")})` };
  }
  if (req.origin !== undefined && !hosts.some((h) => req.origin!.toLowerCase() === `http://${h}`)) {
    return { ok: false, status: 403, reason: `Origin ${JSON.stringify(req.origin)} may not use the viewer: only the page's own origin may` };
  }
  const site = req.secFetchSite;
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return { ok: false, status: 403, reason: `a ${site} request may not use the viewer` };
  }
  if (req.method !== "GET" && req.method !== "POST") {
    return { ok: false, status: 405, reason: `${req.method} is not served (GET and POST only; cross-origin preflights are refused)` };
  }
  return { ok: true };
}
