/** The JSON-RPC errors this core answers, as rows: code and the fixed message. */
export const ERRORS = {
  parse: { code: -32700, message: "Parse error" },
  invalidRequest: { code: -32600, message: "Invalid Request" },
  tooLarge: { code: -32600, message: "request too large" },
  methodNotFound: { code: -32601, message: "Method not found" },
  invalidParams: { code: -32602, message: "Invalid params" },
  resourceNotFound: { code: -32002, message: "Resource not found" },
  internal: { code: -32603, message: "Internal error" },
} as const;

export type ErrorName = keyof typeof ERRORS;

export const BATCH_REMOVED_HINT =
  "JSON-RPC batching was removed in protocol 2025-06-18; send one message per line";

