import { isUtf8 } from "node:buffer";

/** Decodes a line's bytes as UTF-8; `undefined` when they are not valid UTF-8 (a parse error, never U+FFFD). */
export function decodeUtf8Line(bytes: Buffer): string | undefined {
  return isUtf8(bytes) ? bytes.toString("utf8") : undefined;
}

/** A line's text without the `\r` of a CRLF ending (peers on Windows may send one). */
export function withoutCarriageReturn(text: string): string {
  return text.endsWith("\r") ? text.slice(0, -1) : text;
}
