/** A JSON-RPC id as it came in: echoed with its JSON type. */
export type RequestId = string | number | null;

/** What one parsed top-level value is, before any method is looked at. */
export type Classified =
  | { readonly kind: "request"; readonly id: RequestId; readonly method: string; readonly params: unknown }
  | { readonly kind: "notification"; readonly method: unknown; readonly params: unknown }
  | { readonly kind: "invalid"; readonly id: RequestId }
  | { readonly kind: "batch"; readonly items: readonly unknown[] };

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Classifies one parsed value in the spec's order: arrays are batches, other non-objects are
 * invalid, an object without an `id` member is a notification, an id without a string method is
 * invalid. `jsonrpc` is never checked.
 */
export function classify(value: unknown): Classified {
  if (typeof value !== "object" || value === null) return { kind: "invalid", id: null };
  if (Array.isArray(value)) return { kind: "batch", items: value };
  const message = value as Record<string, unknown>;
  if (!hasOwn.call(message, "id")) return { kind: "notification", method: message.method, params: message.params };
  const id = echoableId(message.id);
  const method = message.method;
  if (typeof method !== "string") return { kind: "invalid", id };
  return { kind: "request", id, method, params: message.params };
}

/** Ids of any JSON type are echoed; objects and arrays (not valid ids) are still echoed as given. */
function echoableId(id: unknown): RequestId {
  return id as RequestId;
}
