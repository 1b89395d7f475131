import type { RequestId } from "../jsonrpc/message.js";
import type { LogLevel } from "../protocol/modern.js";

export interface Progress {
  readonly progress: number;
  readonly total?: number;
  readonly message?: string;
}

/** What a running tool call gets besides its arguments. */
export interface ToolContext {
  /** Aborted when the client cancels the call or the server shuts down on a signal. */
  readonly signal: AbortSignal;
  /** Reports progress; a no-op unless the call carried `_meta.progressToken`. Non-increasing values are dropped. */
  progress(p: Progress): void;
  /** The negotiated protocol version (the oldest before `initialize`). */
  readonly protocolVersion: string;
  /** Whether the negotiated version has `structuredContent`/`outputSchema` (2025-06-18 and later). */
  readonly structured: boolean;
  /**
   * Sends `notifications/message` about this call, but only when the request asked for logs at
   * this level or below (`_meta["io.modelcontextprotocol/logLevel"]`, 2026-07-28); otherwise a no-op.
   * Optional so that hand-made contexts (tests) need not provide it; the core always does.
   */
  log?(level: LogLevel, data: unknown, logger?: string): void;
  /** The JSON-RPC id of this call. */
  readonly requestId: RequestId;
}
