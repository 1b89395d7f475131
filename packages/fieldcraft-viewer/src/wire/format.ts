// The scene on the wire: "FCV1", a little-endian u32 header length, the header as UTF-8 JSON, then each
// typed array 4-byte aligned. Numbers that scale with the mesh travel as binary arrays, never as JSON numbers.
// Pure and DOM/Node neutral: the server encodes, the page decodes.

export const MAGIC = "FCV1";

export type ArrayKind = "f32" | "u32" | "u16" | "u8";

export type TypedArrayOf<K extends ArrayKind> = K extends "f32" ? Float32Array : K extends "u32" ? Uint32Array : K extends "u16" ? Uint16Array : Uint8Array;

const CTOR = { f32: Float32Array, u32: Uint32Array, u16: Uint16Array, u8: Uint8Array } as const;

export interface ArrayEntry {
  name: string;
  kind: ArrayKind;
  length: number;
  offset: number;
}

export type AnyTyped = Float32Array | Uint32Array | Uint16Array | Uint8Array;

function kindOf(a: AnyTyped): ArrayKind {
  if (a instanceof Float32Array) return "f32";
  if (a instanceof Uint32Array) return "u32";
  if (a instanceof Uint16Array) return "u16";
  return "u8";
}

const align4 = (n: number) => (n + 3) & ~3;

/** One buffer: magic, header JSON (with the array table added as `arrays`), then the arrays. */
export function encodeFrame(header: Record<string, unknown>, arrays: Record<string, AnyTyped>): Uint8Array {
  const entries: ArrayEntry[] = [];
  let offset = 0;
  for (const [name, a] of Object.entries(arrays)) {
    entries.push({ name, kind: kindOf(a), length: a.length, offset });
    offset = align4(offset + a.byteLength);
  }
  const json = new TextEncoder().encode(JSON.stringify({ ...header, arrays: entries }));
  const dataStart = align4(8 + json.byteLength);
  const out = new Uint8Array(dataStart + offset);
  for (let i = 0; i < 4; i++) out[i] = MAGIC.charCodeAt(i);
  new DataView(out.buffer).setUint32(4, json.byteLength, true);
  out.set(json, 8);
  Object.values(arrays).forEach((a, i) => {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), dataStart + entries[i].offset);
  });
  return out;
}

export interface DecodedFrame {
  header: Record<string, unknown> & { arrays: ArrayEntry[] };
  arrays: Record<string, AnyTyped>;
}

/** Reads a frame; errors name what is wrong (a page shows them rather than a blank canvas). */
export function decodeFrame(bytes: Uint8Array): { ok: true; frame: DecodedFrame } | { ok: false; error: string } {
  if (bytes.byteLength < 8) return { ok: false, error: `scene too short (${bytes.byteLength} bytes)` };
  const magic = String.fromCharCode(bytes[0], bytes[1], bytes[2], bytes[3]);
  if (magic !== MAGIC) return { ok: false, error: `not a FieldCraft scene (magic ${JSON.stringify(magic)}, expected ${MAGIC})` };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(4, true);
  if (8 + jsonLength > bytes.byteLength) return { ok: false, error: "scene header runs past the end" };
  let header: DecodedFrame["header"];
  try {
    header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + jsonLength)));
  } catch (e) {
    return { ok: false, error: `scene header is not JSON: ${(e as Error).message}` };
  }
  if (!Array.isArray(header.arrays)) return { ok: false, error: "scene header has no array table" };
  const dataStart = align4(8 + jsonLength);
  // Copy into an aligned buffer once: typed array views need their element alignment.
  const data = bytes.slice(dataStart);
  const arrays: Record<string, AnyTyped> = {};
  for (const e of header.arrays) {
    const ctor = CTOR[e.kind];
    if (!ctor) return { ok: false, error: `array ${e.name}: unknown kind ${e.kind}` };
    const end = e.offset + e.length * ctor.BYTES_PER_ELEMENT;
    if (e.offset % 4 !== 0 || end > data.byteLength) return { ok: false, error: `array ${e.name} lies outside the scene` };
    arrays[e.name] = new ctor(data.buffer, data.byteOffset + e.offset, e.length);
  }
  return { ok: true, frame: { header, arrays } };
}

/** Base64 of bytes without Node's Buffer (the MCP App receives the scene as a resource blob). */
export function base64ToBytes(text: string): Uint8Array {
  const bin = atob(text);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}
