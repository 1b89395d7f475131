// The frames on the wire, one JSON object per line each way. Pure functions: parse a request line,
// encode a reply. Nothing here touches a socket.
import { CHANNEL_ERRORS, type ChannelErrorCode } from "./errors.js";

export type RequestId = string | number;

export interface ControlRequest {
  id: RequestId | null;
  method: string;
  params: Record<string, unknown>;
  /** The client wants progress frames for this request. */
  progress: boolean;
}

export type ReplyFrame =
  | { id: RequestId | null; ok: true; result: unknown }
  | { id: RequestId | null; ok: false; error: string; details?: Record<string, unknown> };

export interface ProgressFrame {
  id: RequestId;
  progress: { progress: number; total?: number; message: string };
}

export type ParsedLine =
  | { ok: true; request: ControlRequest }
  | { ok: false; code: ChannelErrorCode; id: RequestId | null; detail?: string };

export function isRequestId(value: unknown): value is RequestId {
  return (typeof value === "string" && value.length <= 200) || Number.isSafeInteger(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A line becomes a request only if it is a JSON object with a string `method`, an id (string or
 * safe integer; optional on `auth` alone) and object `params` if any. Everything else is refused,
 * so that an HTTP request line or a stray payload can never be read as a command.
 */
export function parseRequestLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { ok: false, code: "parse_error", id: null };
  }
  if (!isPlainObject(value) || typeof value.method !== "string" || value.method.length === 0) {
    return { ok: false, code: "not_a_request", id: null };
  }
  const hasId = value.id !== undefined && value.id !== null;
  if (hasId && !isRequestId(value.id)) return { ok: false, code: "not_a_request", id: null, detail: "bad id" };
  if (!hasId && value.method !== "auth") {
    return { ok: false, code: "not_a_request", id: null, detail: "missing id" };
  }
  const id = hasId ? (value.id as RequestId) : null;
  if (value.params !== undefined && !isPlainObject(value.params)) {
    return { ok: false, code: "bad_params", id };
  }
  return {
    ok: true,
    request: { id, method: value.method, params: (value.params as Record<string, unknown>) ?? {}, progress: value.progress === true },
  };
}

export function channelError(
  code: ChannelErrorCode,
  id: RequestId | null,
  detail?: string,
  extra?: Record<string, unknown>,
): ReplyFrame {
  const base = CHANNEL_ERRORS[code].message;
  return { id, ok: false, error: detail ? `${base}: ${detail}` : base, details: { code, ...extra } };
}

/** Bytes in a reply (pictures) become base64 here, the channel's wire edge, and nowhere before. */
function bytesAsBase64(_key: string, value: unknown): unknown {
  return value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("base64") : value;
}

export function encodeFrame(frame: ReplyFrame | ProgressFrame | Record<string, unknown>): string {
  return JSON.stringify(frame, bytesAsBase64) + "\n";
}
