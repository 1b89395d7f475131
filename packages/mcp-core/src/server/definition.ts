import type { ToolResult } from "../results/types.js";
import type { ToolRow } from "../tools/tool.js";
import type { ProtocolVersion } from "../protocol/versions.js";

/** What `resources/read` gives: text, JSON (served as compact text), or bytes (served base64 as `blob`). */
export type ResourceContent = { readonly text: string } | { readonly json: unknown } | { readonly blob: Uint8Array };

export interface ResourceContext {
  readonly signal: AbortSignal;
  readonly protocolVersion: string;
  readonly uri: string;
}

export interface ResourceRow {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType: string;
  /** Published in `resources/list` and on the read content (MCP Apps reads `_meta.ui` from there). */
  readonly _meta?: Record<string, unknown>;
  readonly read: (ctx: ResourceContext) => Promise<ResourceContent> | ResourceContent;
}

/** How a tool call whose arguments fail validation is answered. */
export type InvalidArgumentsPolicy =
  /** -32602 whose message names the argument: "Invalid arguments for tool `x`: …". */
  | "json-rpc-error"
  /** An `isError` result built by the server (`message` names the argument, without the tool name). */
  | ((tool: ToolRow, message: string) => ToolResult);

export interface ServerPolicies {
  /** `{ maxMessages }`: batches taken before 2025-06-18; `false` (default): every batch refused with -32600 and a hint. */
  readonly batch?: { readonly maxMessages: number } | false;
  readonly invalidArguments?: InvalidArgumentsPolicy;
  /** Longest accepted line in bytes, newline excluded (default 16 MiB). */
  readonly maxLineBytes?: number;
  /** Deepest accepted JSON nesting (default 128). */
  readonly maxDepth?: number;
  /**
   * Longest JSON a tool result may take, in characters (default 256 Mi, half of V8's longest string): a longer
   * one is answered with an error result naming the bound, and the server keeps serving.
   */
  readonly maxResultLength?: number;
}

export type ShutdownReason = "eof" | "signal";

/** A server declared as data. */
export interface ServerSpec {
  readonly name: string;
  readonly title?: string;
  readonly version: string;
  /** Written for the agent: what every result is and where codes/commands are explained. */
  readonly instructions: string;
  readonly tools: readonly ToolRow[];
  readonly resources?: readonly ResourceRow[];
  readonly policies?: ServerPolicies;
  /** Runs once when serving ends: `eof` after running calls finished; `signal` after they were aborted. */
  readonly onShutdown?: (reason: ShutdownReason) => Promise<void> | void;
}

export interface ResolvedPolicies {
  readonly batch: { readonly maxMessages: number } | false;
  readonly invalidArguments: InvalidArgumentsPolicy;
  readonly maxLineBytes: number;
  readonly maxDepth: number;
  readonly maxResultLength: number;
}

/** A validated server definition with the protocol answers that never change precomputed. */
export interface ServerDefinition {
  readonly name: string;
  readonly title?: string;
  readonly version: string;
  readonly instructions: string;
  readonly tools: readonly ToolRow[];
  readonly resources: readonly ResourceRow[];
  readonly policies: ResolvedPolicies;
  readonly onShutdown?: (reason: ShutdownReason) => Promise<void> | void;
  readonly toolsByName: ReadonlyMap<string, ToolRow>;
  readonly resourcesByUri: ReadonlyMap<string, ResourceRow>;
  /** `tools/list` result JSON per era: with `outputSchema` (2025-06-18+) and without. */
  readonly toolsListJson: { readonly structured: string; readonly plain: string };
  readonly resourcesListJson: string;
  readonly initializeJson: ReadonlyMap<ProtocolVersion, string>;
  /** The fixed answers of the 2026-07-28 era (with `resultType`, cache hints and `serverInfo`). */
  readonly modern: ModernAnswers;
}

/** Precomputed 2026-07-28 results, and the pieces the per-call results are built from. */
export interface ModernAnswers {
  readonly discoverJson: string;
  readonly toolsListJson: string;
  readonly resourcesListJson: string;
  /** `{"io.modelcontextprotocol/serverInfo":{…}}` as an object, merged into each result's `_meta`. */
  readonly resultMeta: Readonly<Record<string, unknown>>;
  /** `,"_meta":{…}}` — closes a result object built by concatenation. */
  readonly resultMetaTail: string;
}

/** How long a client may cache the lists: they are fixed for the life of the process. */
export const LIST_TTL_MS = 300_000;

export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 128;
export const DEFAULT_MAX_RESULT_LENGTH = 256 * 1024 * 1024;
