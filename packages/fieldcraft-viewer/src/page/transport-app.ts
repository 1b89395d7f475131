// The app's page: the token comes from this page's URL and goes back on every request (a header on the
// POST, so a cross-origin page would need a preflight the server refuses). Changes arrive as server-sent events.
import type { SelectRequest, Transport } from "./transport.js";

export function appTransport(token: string): Transport {
  const q = `token=${encodeURIComponent(token)}`;
  let fetching = false;
  let again = false;
  return {
    kind: "app",
    start(onScene, onStatus) {
      const load = async () => {
        if (fetching) {
          again = true;
          return;
        }
        fetching = true;
        try {
          do {
            again = false;
            const r = await fetch(`/scene?${q}`, { cache: "no-store" });
            if (!r.ok) throw new Error(`${r.status} ${await r.text()}`);
            onScene(new Uint8Array(await r.arrayBuffer()));
          } while (again);
        } catch (e) {
          onStatus(`cannot load the scene: ${(e as Error).message}`, false);
        } finally {
          fetching = false;
        }
      };
      const events = new EventSource(`/events?${q}`);
      events.addEventListener("scene", () => void load());
      events.addEventListener("open", () => onStatus("live: following the app", true));
      events.addEventListener("error", () => onStatus("disconnected from the app (retrying)", false));
    },
    async select(request: SelectRequest) {
      const r = await fetch(`/select?${q}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-fieldcraft-token": token },
        body: JSON.stringify(request),
      });
      const reply = (await r.json().catch(() => ({ ok: false, error: `HTTP ${r.status}` }))) as { ok: boolean; error?: string; summary?: string };
      return { ok: reply.ok, message: reply.ok ? (reply.summary ?? "selected") : `not selected: ${reply.error}` };
    },
  };
}
