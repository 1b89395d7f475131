// Test helpers: unwrap a command outcome, failing the test with the engine's message when it is not what was expected.
import type { CommandOutcome, Session } from "../src/index.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function ok<T = any>(session: Session, command: string, params?: unknown): Promise<T> {
  const out = await session.execute(command, params);
  if (!out.ok) throw new Error(`${command} failed: ${out.error}`);
  return out.result as T;
}

export async function refused(session: Session, command: string, params?: unknown): Promise<{ error: string; details?: Record<string, any> }> {
  const out: CommandOutcome = await session.execute(command, params);
  if (out.ok) throw new Error(`${command} succeeded but should have failed: ${JSON.stringify(out.result).slice(0, 300)}`);
  return { error: out.error, details: out.details };
}
