import { isUtf8 } from "node:buffer";

/** Decodes a line's bytes as UTF-8; `undefined` when they are not valid UTF-8 (a parse error, never U+FFFD). */
export function decodeUtf8Line(bytes: Buffer): string | undefined {
  return isUtf8(bytes) ? bytes.toString("utf8") : undefined;
}
