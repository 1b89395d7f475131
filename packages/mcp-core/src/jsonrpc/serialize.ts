import type { RequestId } from "./message.js";

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
