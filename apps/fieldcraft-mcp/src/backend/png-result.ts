// ui.render hands its picture back in its result; split it into the PNG bytes and the rest (what was drawn).
import type { CaptureOutcome } from "./types.js";

export function pngFromRenderResult(result: unknown): CaptureOutcome {
  if (typeof result !== "object" || result === null) return { ok: false, error: "ui.render returned no picture" };
  const { png, ...rest } = result as { png?: unknown };
  // In process the engine hands the PNG over as bytes (its result schema says so): never decoded, encoded once by imageResult.
  if (png instanceof Uint8Array) return { ok: true, png, result: rest };
  return { ok: false, error: "ui.render returned no picture (expected `png` bytes)" };
}
