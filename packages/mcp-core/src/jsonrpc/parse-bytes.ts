import { decodeUtf8Line } from "../transport/decode.js";
import { exceedsDepth } from "./depth.js";

export const PARSE_FAILED: unique symbol = Symbol("parse failed");

/** One message's bytes to a value: too deep, not UTF-8 or not JSON all fail the same way (-32700). */
export function parseMessageBytes(bytes: Buffer, maxDepth: number): unknown {
  if (exceedsDepth(bytes, maxDepth)) return PARSE_FAILED;
  const text = decodeUtf8Line(bytes);
  if (text === undefined) return PARSE_FAILED;
  try {
    return JSON.parse(text);
  } catch {
    return PARSE_FAILED;
  }
}
