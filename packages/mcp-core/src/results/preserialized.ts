// Tool results serialised ahead of time, where the value lives (a worker thread): the protocol's thread splices
// the JSON text into the reply line instead of walking a value of many megabytes with JSON.stringify.
import type { ContentBlock, ToolResult } from "./types.js";
import { bytesAsBase64 } from "./helpers.js";
import { pieceText, type Piece } from "../transport/line-pieces.js";

/**
 * A result as JSON pieces: strings, or their UTF-8 bytes, so it crosses threads (postMessage, the bytes moved
 * with a transfer list). The reply is `{"content":[{"type":"text","text":<textJson>}],"structuredContent":<structuredJson>,"isError":true}`.
 * Give bytes for a large result: a transport writes them as they are, while a string would still be encoded to
 * UTF-8 on the protocol's thread (for tens of megabytes, longer than a ping may wait).
 */
export interface SerializedResultParts {
  /** The one text block's text, as a JSON string literal (quotes and escapes included). */
  readonly textJson: Piece;
  /** `structuredContent` as compact JSON of an object; absent for a text-only result. */
  readonly structuredJson?: Piece;
  readonly isError?: boolean;
}

export interface PartsOptions {
  readonly isError?: boolean;
  /** The pieces as UTF-8 bytes (Buffers that own their memory, ready to be transferred) instead of strings. */
  readonly bytes?: boolean;
}

/** `jsonResult`'s reply as pieces: run it where the value is (a worker), send the pieces, splice them in. */
export function jsonResultParts(value: unknown, options: PartsOptions = {}): SerializedResultParts {
  const converted = bytesAsBase64(value);
  const json = JSON.stringify(converted) ?? "null";
  const structured = typeof converted === "object" && converted !== null && !Array.isArray(converted);
  return jsonTextResultParts(json, { structured, ...options });
}

/**
 * The pieces of a result whose JSON text was already made (e.g. concatenated from results serialised one by
 * one): the text mirrors it exactly, and it is also `structuredContent` unless `structured` is false (give false
 * for JSON that is not an object; it is not parsed to find out).
 */
export function jsonTextResultParts(json: string, options: PartsOptions & { readonly structured?: boolean } = {}): SerializedResultParts {
  const piece = options.bytes === true ? (text: string): Piece => Buffer.from(text, "utf8") : (text: string): Piece => text;
  const parts: { textJson: Piece; structuredJson?: Piece; isError?: boolean } = { textJson: piece(JSON.stringify(json)) };
  if (options.structured !== false) parts.structuredJson = piece(json);
  if (options.isError === true) parts.isError = true;
  return parts;
}

/** The buffers of byte pieces, for postMessage's transfer list (only those that own their whole memory). */
export function partsTransferList(parts: SerializedResultParts): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  for (const piece of [parts.textJson, parts.structuredJson]) {
    if (typeof piece !== "object") continue;
    const buffer = piece.buffer;
    if (buffer instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === buffer.byteLength && !out.includes(buffer)) out.push(buffer);
  }
  return out;
}

/**
 * A ToolResult made of pieces: the dispatcher writes the pieces into the reply without parsing them. Read
 * in-process (a test calling `run` directly), `content` and `structuredContent` are parsed on first use.
 */
export class PreserializedResult implements ToolResult {
  readonly parts: SerializedResultParts;
  #content: ContentBlock[] | undefined;
  #structured: Record<string, unknown> | undefined;

  constructor(parts: SerializedResultParts) {
    this.parts = parts;
  }

  get content(): ContentBlock[] {
    return (this.#content ??= [{ type: "text", text: JSON.parse(pieceText(this.parts.textJson)) as string }]);
  }

  get structuredContent(): Record<string, unknown> | undefined {
    if (this.parts.structuredJson === undefined) return undefined;
    return (this.#structured ??= JSON.parse(pieceText(this.parts.structuredJson)) as Record<string, unknown>);
  }

  get isError(): boolean | undefined {
    return this.parts.isError === true ? true : undefined;
  }

  /** What JSON.stringify gives (logs, tests): the same as the spliced reply. */
  toJSON(): ToolResult {
    const out: ToolResult = { content: this.content };
    if (this.structuredContent !== undefined) out.structuredContent = this.structuredContent;
    if (this.isError === true) out.isError = true;
    return out;
  }
}

/** Wraps pieces made elsewhere (jsonResultParts in a worker) as the result a tool returns. */
export function preserializedResult(parts: SerializedResultParts): ToolResult {
  return new PreserializedResult(parts);
}

/**
 * The reply's result object as pieces, in order (content, structuredContent when the era has it, isError), `head`
 * opening the object (`{` or `{"resultType":"complete",`) and `tail` closing it (`}` or `,"_meta":…}`).
 */
export function spliceResult(parts: SerializedResultParts, structured: boolean, head = "{", tail = "}"): Piece[] {
  const out: Piece[] = [head + '"content":[{"type":"text","text":', parts.textJson];
  const flag = parts.isError === true ? ',"isError":true' : "";
  if (structured && parts.structuredJson !== undefined) out.push('}],"structuredContent":', parts.structuredJson, flag + tail);
  else out.push("}]" + flag + tail);
  return out;
}

/** The room a spliced result takes (characters of text, bytes of bytes): a bound is checked before it is sent. */
export function splicedLength(parts: SerializedResultParts, structured: boolean): number {
  const size = (piece: Piece) => (typeof piece === "string" ? piece.length : piece.byteLength);
  return size(parts.textJson) + (structured && parts.structuredJson !== undefined ? size(parts.structuredJson) : 0);
}
