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
export function encodeCompressed(array: Float64Array | Float32Array | Int32Array): string {
  const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  return deflateSync(swapped(bytes, array.BYTES_PER_ELEMENT), { level: 6 }).toString("base64");
}

type CompressedCtor = Float64ArrayConstructor | Float32ArrayConstructor | Int32ArrayConstructor;

/** Decodes `count` values of `ctor` (Float64Array unless told: explicit frames are stored in single precision). */
export function decodeCompressed<C extends CompressedCtor = Float64ArrayConstructor>(base64: string, count: number, what: string, ctor?: C): InstanceType<C> {
  const Ctor = (ctor ?? Float64Array) as CompressedCtor;
  const width = Ctor.BYTES_PER_ELEMENT;
  const want = count * width;
  let bytes: Uint8Array;
  try {
    bytes = inflateSync(Buffer.from(base64, "base64"), { maxOutputLength: Math.max(want, 1) });
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const reason = e.code === "ERR_BUFFER_TOO_LARGE" || /larger than/i.test(e.message) ? `holds more than its ${count} values` : "is not zlib-compressed data";
    throw new ModelError(`${what}: ${reason}`);
  }
  if (bytes.length !== want) throw new ModelError(`${what}: holds ${bytes.length / width} values, not ${count}`);
  const copy = new Uint8Array(want);
  copy.set(swapped(bytes, width));
  return new Ctor(copy.buffer) as InstanceType<C>;
}
