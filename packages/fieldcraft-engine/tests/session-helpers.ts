// Test helpers: unwrap a command outcome, failing the test with the engine's message when it is not what was expected.
import { expect } from "vitest";
import type { CommandOutcome, Session } from "../src/index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ok<T = any>(session: Session, command: string, params?: unknown): Promise<T> {
  const out = await session.execute(command, params);
  if (!out.ok) throw new Error(`${command} failed: ${out.error}`);
  // Replies cross process boundaries as JSON: no typed arrays, NaN or Infinity may hide in them. Bytes
  // (pictures) are the one exception: they stay bytes until the wire edge, which writes them as base64.
  const wire = bytesAsBase64(out.result);
  expect(JSON.parse(JSON.stringify(wire)), `${command} reply survives JSON`).toEqual(wire);
  // Replies are the host's to keep and annotate: none of the (frozen) model may leak into them.
  const frozen = frozenPath(out.result, "result");
  expect(frozen, `${command} reply holds a frozen part of the model`).toBeNull();
  return out.result as T;
}

export async function refused(session: Session, command: string, params?: unknown): Promise<{ error: string; details?: Record<string, any> }> {
  const out: CommandOutcome = await session.execute(command, params);
  if (out.ok) throw new Error(`${command} succeeded but should have failed: ${JSON.stringify(out.result).slice(0, 300)}`);
  return { error: out.error, details: out.details };
}

function bytesAsBase64(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (Array.isArray(value)) return value.map(bytesAsBase64);
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, bytesAsBase64(v)]));
}

function frozenPath(value: unknown, at: string): string | null {
  if (value === null || typeof value !== "object") return null;
  if (Object.isFrozen(value)) return at;
  for (const [k, v] of Object.entries(value)) {
    const found = frozenPath(v, `${at}.${k}`);
    if (found) return found;
  }
  return null;
}
