import type { SpawnSpec } from "../raw-driver.js";

/** A tool call the suite may make: the tool's name and arguments that pass its validation. */
export interface ToolCallSpec {
  readonly name: string;
  readonly arguments?: Record<string, unknown>;
}

export interface SlowToolSpec extends ToolCallSpec {
  /** How long the call runs when not cancelled (ms); lets the suite check that cancellation stopped it early. */
  readonly durationMs?: number;
  /** Whether it sends `notifications/progress` when given a progress token (default true). */
  readonly reportsProgress?: boolean;
}

export interface InvalidArgumentsSpec extends ToolCallSpec {
  /** How the server answers arguments that fail validation. */
  readonly policy: "json-rpc-error" | "tool-result";
  /** Text the answer must contain (the argument's name, say). */
  readonly mentions: string;
}

/** How to start the server under test and what it was declared with. */
export interface ConformanceOptions extends SpawnSpec {
  /** The server's batch policy: `false` refuses every batch; `{ maxMessages }` takes them before 2025-06-18. */
  readonly batch: { readonly maxMessages: number } | false;
  /** A tool safe to call any number of times, with valid arguments. Cases that call a tool skip without it. */
  readonly sampleTool?: ToolCallSpec;
  /** A tool that runs for a while (≥ 1 s, better 5 s), honours its abort signal and, ideally, reports progress. */
  readonly slowTool?: SlowToolSpec;
  /** A tool that returns `structuredContent` when the negotiated version has it. */
  readonly structuredTool?: ToolCallSpec;
  /** A call whose tool throws (answered as an `isError` result). */
  readonly throwingTool?: ToolCallSpec;
  /** A call with invalid arguments and how the server answers it. */
  readonly invalidArguments?: InvalidArgumentsSpec;
  /** The server's line limit in bytes (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** The server's nesting limit (default 128). */
  readonly maxDepth?: number;
  /** Size of the line streamed in to check bounded memory (default 1 GiB; `false` skips). Linux only (/proc). */
  readonly hugeLineBytes?: number | false;
  /** Bound on a ping's round trip while the slow tool runs (default 50 ms; the median of five pings is checked). */
  readonly pingWhileBusyMs?: number;
  /** Per-case timeout handed to the test runner (default 30 s; the huge-line case takes 4×). */
  readonly timeoutMs?: number;
}

export interface ResolvedOptions extends ConformanceOptions {
  readonly maxLineBytes: number;
  readonly maxDepth: number;
  readonly hugeLineBytes: number | false;
  readonly pingWhileBusyMs: number;
  readonly timeoutMs: number;
}

export function resolveOptions(options: ConformanceOptions): ResolvedOptions {
  return {
    ...options,
    maxLineBytes: options.maxLineBytes ?? 16 * 1024 * 1024,
    maxDepth: options.maxDepth ?? 128,
    hugeLineBytes: options.hugeLineBytes ?? 1024 * 1024 * 1024,
    pingWhileBusyMs: options.pingWhileBusyMs ?? 50,
    timeoutMs: options.timeoutMs ?? 30_000,
  };
}
