import type { RequestId } from "../jsonrpc/message.js";
import { notificationLine } from "../jsonrpc/serialize.js";
import type { Progress, ToolContext } from "../tools/context.js";
import { logRank, type LogLevel } from "../protocol/modern.js";

/**
 * A call or read in flight. Its AbortController is made only when someone asks for the signal
 * or the call is cancelled: most calls never look at it, and an AbortSignal is costly to create.
 */
export class LiveCall {
  #controller: AbortController | undefined;
  #reason: Error | undefined;
  cancelled = false;
  done = false;

  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#reason !== undefined) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Marks the call cancelled (no reply will be sent) and aborts its signal. */
  cancel(reason: string): void {
    if (this.done || this.cancelled) return;
    this.cancelled = true;
    this.#reason = new Error(reason);
    this.#controller?.abort(this.#reason);
  }

  get live(): boolean {
    return !this.done && !this.cancelled;
  }
}

/**
 * What a running tool sees. `progress` sends `notifications/progress` only when the call carried
 * a token and is still live, and drops values that do not increase.
 */
export class CallContext implements ToolContext {
  readonly #call: LiveCall;
  readonly #token: string | number | undefined;
  readonly #send: (line: string) => void;
  #last = -Infinity;
  readonly protocolVersion: string;
  readonly structured: boolean;
  readonly requestId: RequestId;
  readonly #logRank: number;

  constructor(
    call: LiveCall,
    token: string | number | undefined,
    send: (line: string) => void,
    protocolVersion: string,
    structured: boolean,
    requestId: RequestId,
    minLogRank = -1,
  ) {
    this.#logRank = minLogRank;
    this.#call = call;
    this.#token = token;
    this.#send = send;
    this.protocolVersion = protocolVersion;
    this.structured = structured;
    this.requestId = requestId;
  }

  get signal(): AbortSignal {
    return this.#call.signal;
  }

  progress = (p: Progress): void => {
    if (this.#token === undefined || !this.#call.live) return;
    if (typeof p?.progress !== "number" || !Number.isFinite(p.progress) || p.progress <= this.#last) return;
    this.#last = p.progress;
    const params: Record<string, unknown> = { progressToken: this.#token, progress: p.progress };
    if (typeof p.total === "number" && Number.isFinite(p.total)) params.total = p.total;
    if (typeof p.message === "string") params.message = p.message;
    this.#send(notificationLine("notifications/progress", params));
  };

  /** `notifications/message` for this call, only when its request asked for this level or a lower one (2026-07-28). */
  log = (level: LogLevel, data: unknown, logger?: string): void => {
    const rank = logRank(level);
    if (this.#logRank < 0 || rank < this.#logRank || !this.#call.live) return;
    const params: Record<string, unknown> = { level, data };
    if (logger !== undefined) params.logger = logger;
    this.#send(notificationLine("notifications/message", params));
  };
}

/** The call's `_meta.progressToken`, when it is a string or a number. */
export function progressTokenOf(params: Record<string, unknown>): string | number | undefined {
  const meta = params._meta;
  if (typeof meta !== "object" || meta === null) return undefined;
  const token = (meta as Record<string, unknown>).progressToken;
  return typeof token === "string" || typeof token === "number" ? token : undefined;
}
