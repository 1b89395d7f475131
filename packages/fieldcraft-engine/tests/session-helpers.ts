// Test helpers: unwrap a command outcome, failing the test with the engine's message when it is not what was expected.
import { expect } from "vitest";
import type { CommandOutcome, Session } from "../src/index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ok<T = any>(session: Session, command: string, params?: unknown): Promise<T> {
  const out = await session.execute(command, params);
  if (!out.ok) throw new Error(`${command} failed: ${out.error}`);
  // Replies cross process boundaries as JSON: no typed arrays, NaN or Infinity may hide in them.
  expect(JSON.parse(JSON.stringify(out.result)), `${command} reply survives JSON`).toEqual(out.result);
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

function frozenPath(value: unknown, at: string): string | null {
  if (value === null || typeof value !== "object") return null;
  if (Object.isFrozen(value)) return at;
  for (const [k, v] of Object.entries(value)) {
    const found = frozenPath(v, `${at}.${k}`);
    if (found) return found;
  }
  return null;
}
