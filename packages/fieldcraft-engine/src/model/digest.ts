// A content hash of the model: equal digests mean equal models (definitions, design, mesh and results).
import { createHash } from "node:crypto";
import type { Model } from "./types.js";

function feed(hash: ReturnType<typeof createHash>, value: unknown): void {
  if (ArrayBuffer.isView(value)) {
    hash.update(`<${value.constructor.name}:${value.byteLength}>`);
    hash.update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    return;
  }
  if (value instanceof Map) {
    hash.update("{map");
    for (const [k, v] of [...value].sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1))) {
      feed(hash, k);
      feed(hash, v);
    }
    hash.update("}");
    return;
  }
  if (Array.isArray(value)) {
    hash.update("[");
    for (const v of value) {
      feed(hash, v);
      hash.update(",");
    }
    hash.update("]");
    return;
  }
  if (value !== null && typeof value === "object") {
    hash.update("{");
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v === undefined) continue;
      hash.update(JSON.stringify(key) + ":");
      feed(hash, v);
      hash.update(",");
    }
    hash.update("}");
    return;
  }
  hash.update(value === undefined ? "undefined" : JSON.stringify(value));
}

export function modelDigest(model: Model): string {
  const hash = createHash("sha256");
  feed(hash, model);
  return hash.digest("hex");
}
