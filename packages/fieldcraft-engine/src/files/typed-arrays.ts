// Typed arrays in `.fieldcraft` files: base64 of their little-endian bytes, so a mesh reopens bit for bit;
// result arrays also deflated.
import { deflateSync, inflateSync } from "node:zlib";
import { ModelError } from "../model/errors.js";

type Ctor = Float64ArrayConstructor | Int32ArrayConstructor | Uint8ArrayConstructor;

const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

function swapped(bytes: Uint8Array, width: number): Uint8Array {
  if (littleEndian || width === 1) return bytes;
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i += width) for (let k = 0; k < width; k++) out[i + k] = bytes[i + width - 1 - k];
  return out;
}

export function encodeArray(array: Float64Array | Int32Array | Uint8Array): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  return Buffer.from(swapped(bytes, array.BYTES_PER_ELEMENT)).toString("base64");
}

export function decodeArray<C extends Ctor>(ctor: C, base64: string, what: string): InstanceType<C> {
  const bytes = swapped(new Uint8Array(Buffer.from(base64, "base64")), ctor.BYTES_PER_ELEMENT);
  if (bytes.length % ctor.BYTES_PER_ELEMENT !== 0) throw new ModelError(`${what}: ${bytes.length} bytes is not a whole number of values`);
  const copy = new Uint8Array(bytes.length);
  copy.set(bytes);
  return new ctor(copy.buffer) as InstanceType<C>;
}

/**
 * Result arrays are large and carry little structure, so they are stored compressed: the little-endian
 * bytes, zlib deflate (RFC 1950), base64. `count` is checked against the mesh first, so a hostile file
 * cannot make the reader inflate more than an array of that mesh can hold.
 */
export function encodeCompressed(array: Float64Array): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  return deflateSync(swapped(bytes, 8), { level: 6 }).toString("base64");
}

export function decodeCompressed(base64: string, count: number, what: string): Float64Array {
  const want = count * 8;
  let bytes: Uint8Array;
  try {
    bytes = inflateSync(Buffer.from(base64, "base64"), { maxOutputLength: Math.max(want, 1) });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const reason = e.code === "ERR_BUFFER_TOO_LARGE" || /larger than/i.test(e.message) ? `holds more than its ${count} values` : "is not zlib-compressed data";
    throw new ModelError(`${what}: ${reason}`);
  }
  if (bytes.length !== want) throw new ModelError(`${what}: holds ${bytes.length / 8} values, not ${count}`);
  const copy = new Uint8Array(want);
  copy.set(swapped(bytes, 8));
  return new Float64Array(copy.buffer);
}
