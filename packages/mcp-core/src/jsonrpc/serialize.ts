import type { RequestId } from "./message.js";
import { LinePieces, type Line, type Piece } from "../transport/line-pieces.js";

/** Reply lines built by concatenation: member order jsonrpc, id, result|error, compact. */
export function resultLine(id: RequestId, resultJson: string): string {
  return '{"jsonrpc":"2.0","id":' + JSON.stringify(id) + ',"result":' + resultJson + "}";
}

export interface ErrorBody {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export function errorLine(id: RequestId, error: ErrorBody): string {
  return '{"jsonrpc":"2.0","id":' + JSON.stringify(id) + ',"error":' + errorJson(error) + "}";
}

export function errorJson(error: ErrorBody): string {
  const head = '{"code":' + error.code + ',"message":' + JSON.stringify(error.message);
  return error.data === undefined ? head + "}" : head + ',"data":' + JSON.stringify(error.data) + "}";
}

export function notificationLine(method: string, params: unknown): string {
  return '{"jsonrpc":"2.0","method":' + JSON.stringify(method) + ',"params":' + JSON.stringify(params) + "}";
}

/** `{"jsonrpc":"2.0","id":…,"result":<pieces>}`. */
export function resultLinePieces(idJson: string, result: readonly Piece[]): LinePieces {
  return new LinePieces(['{"jsonrpc":"2.0","id":' + idJson + ',"result":', ...result, "}"]);
}

/** Lines joined as a JSON-RPC batch reply `[a,b,…]`: text when every line is text, else pieces. */
export function joinLines(lines: readonly Line[]): Line {
  if (lines.every((line): line is string => typeof line === "string")) return "[" + lines.join(",") + "]";
  const pieces: Piece[] = ["["];
  lines.forEach((line, i) => {
    if (i > 0) pieces.push(",");
    if (typeof line === "string") pieces.push(line);
    else pieces.push(...line.pieces);
  });
  pieces.push("]");
  return new LinePieces(pieces);
}
