// A pick from the page becomes ui.select on the app's session: only the members a page can name (never the
// pixel picks, which refer to the app's own pictures), run like any other client's command and logged.
import type { ServedSession } from "@mcp-wrappers/fieldcraft-control";

const ALLOWED = ["mode", "clear", "geometry", "faces", "nodes", "elements"] as const;

export function selectParams(body: unknown): { ok: true; params: Record<string, unknown> } | { ok: false; error: string } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, error: "expected a JSON object {mode?, geometry?, faces?, nodes?, elements?, clear?}" };
  const extra = Object.keys(body).filter((k) => !(ALLOWED as readonly string[]).includes(k));
  if (extra.length > 0) return { ok: false, error: `unknown member ${extra.map((k) => JSON.stringify(k)).join(", ")}; a page may send ${ALLOWED.join(", ")}` };
  return { ok: true, params: body as Record<string, unknown> };
}

export async function runSelect(session: ServedSession, params: Record<string, unknown>): Promise<{ ok: true; summary: string; selection: unknown } | { ok: false; error: string }> {
  const outcome = await session.execute("ui.select", params, {});
  if (!outcome.ok) return { ok: false, error: outcome.error };
  const result = outcome.result as { selection?: { geometry?: unknown[]; nodes?: unknown[]; elements?: unknown[]; faces?: unknown[] } } | null;
  const s = result?.selection ?? {};
  const parts = [
    [s.geometry?.length ?? 0, "geometry item"],
    [s.faces?.length ?? 0, "element face"],
    [s.nodes?.length ?? 0, "node"],
    [s.elements?.length ?? 0, "element"],
  ]
    .filter(([n]) => (n as number) > 0)
    .map(([n, what]) => `${n} ${what}${n === 1 ? "" : "s"}`);
  return { ok: true, summary: parts.length ? `selected: ${parts.join(", ")}` : "selection cleared", selection: result?.selection ?? null };
}
