// ui.render hands its picture back in its result; split it into the PNG bytes and the rest (what was drawn).
import type { CaptureOutcome } from "./types.js";

export function pngFromRenderResult(result: unknown): CaptureOutcome {
  if (typeof result !== "object" || result === null) return { ok: false, error: "ui.render returned no picture" };
  const { png, ...rest } = result as { png?: unknown };
  if (png instanceof Uint8Array) return { ok: true, png, result: rest };
  if (typeof png === "string") return { ok: true, png: new Uint8Array(Buffer.from(png, "base64")), result: rest };
  return { ok: false, error: "ui.render returned no picture (expected a `png` member)" };
}
