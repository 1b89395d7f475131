import { RawDriver, type RpcMessage } from "@mcp-wrappers/mcp-core/testing";
import { afterEach, expect } from "vitest";
import { CLI } from "./fixtures.js";

export interface StartOptions {
  /** The fz command after `--` (omitted: none, so FZ_MCP_COMMAND or `fz`). */
  readonly command?: readonly string[];
  readonly cwd?: string;
  readonly env?: Record<string, string | undefined>;
}

const running: RawDriver[] = [];

/**
 * Every server a test started is stopped after it, by SIGTERM: EOF would wait for a hanging call,
 * and a SIGKILLed server could not take its fz children with it.
 */
afterEach(async () => {
  await Promise.all(
    running.splice(0).map(async (driver) => {
      if (driver.exitStatus === undefined) driver.kill("SIGTERM");
      await driver.close();
    }),
  );
});

/** Spawns the built fz-mcp (no shell) with FZ_MCP_* cleared unless given. */
export function startServer(options: StartOptions = {}): RawDriver {
  const env: Record<string, string | undefined> = {
    ...process.env,
    FZ_MCP_CWD: undefined,
    FZ_MCP_COMMAND: undefined,
    FZ_MCP_TIMEOUT_SECS: undefined,
    FAKE_FZ_MODE: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const args = [CLI];
  if (options.cwd !== undefined) args.push("--cwd", options.cwd);
  if (options.command !== undefined) args.push("--", ...options.command);
  const driver = RawDriver.spawn({ command: process.execPath, args, env: env as NodeJS.ProcessEnv });
  running.push(driver);
  return driver;
}

export interface CallResult {
  content: Array<{ type: string; text: string }>;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** `tools/call` and its result (throws on a JSON-RPC error). */
export async function callTool(driver: RawDriver, name: string, args?: unknown, timeoutMs = 30_000): Promise<CallResult> {
  const reply = await driver.request({ method: "tools/call", params: args === undefined ? { name } : { name, arguments: args } }, timeoutMs);
  if (reply.error !== undefined) throw new Error(`tools/call ${name} failed: ${JSON.stringify(reply.error)}`);
  return reply.result as CallResult;
}

/** The envelope a result carries: its one text block, parsed. */
export function envelopeOf(result: CallResult): { schema: number; ok: boolean; failures: Array<{ code: string; message: string }>; [key: string]: unknown } {
  expect(result.content).toHaveLength(1);
  expect(result.content[0].type).toBe("text");
  return JSON.parse(result.content[0].text);
}

export type { RawDriver, RpcMessage };
