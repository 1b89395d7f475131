// Hostile 3MF archives built by hand: a deflate stream of independent byte-aligned blocks (zlib's full flush)
// repeated, so gigabytes inflate from a few megabytes without the test ever holding them; wrapped in a zip
// whose entry declares its sizes, hides them behind a data descriptor, or gives them in a zip64 extra field.
import { constants, deflateRawSync } from "node:zlib";

/** Raw deflate of `prefix` then `repeat` copies of `unit`, inflating to prefix + repeat * unit bytes. */
export function repeatedDeflate(prefix: string, unit: Uint8Array, repeat: number, level = 6): { data: Uint8Array; inflated: number } {
  const flush = { finishFlush: constants.Z_FULL_FLUSH, level };
  const head = deflateRawSync(Buffer.from(prefix), flush);
  const body = deflateRawSync(unit, flush);
  const end = deflateRawSync(Buffer.alloc(0)); // an empty final block
  const data = Buffer.concat([head, ...Array.from({ length: repeat }, () => body), end]);
  return { data, inflated: Buffer.byteLength(prefix) + unit.length * repeat };
}

export type SizeStyle = "declared" | "data-descriptor" | "zip64";

/** A one-entry zip of deflated `data`; `claimed` is the inflated size the headers state (may be a lie). */
export function zipEntry(name: string, data: Uint8Array, claimed: number, style: SizeStyle): Uint8Array {
  const fname = Buffer.from(name);
  const zip64 = style === "zip64";
  const dd = style === "data-descriptor";
  const extra = zip64 ? Buffer.alloc(20) : Buffer.alloc(0);
  if (zip64) {
    extra.writeUInt16LE(1, 0);
    extra.writeUInt16LE(16, 2);
    extra.writeBigUInt64LE(BigInt(claimed), 4);
    extra.writeBigUInt64LE(BigInt(data.length), 12);
  }
  const sizes = (b: Buffer, at: number) => {
    b.writeUInt32LE(dd ? 0 : zip64 ? 0xffffffff : data.length, at);
    b.writeUInt32LE(dd ? 0 : zip64 ? 0xffffffff : claimed, at + 4);
  };
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(zip64 ? 45 : 20, 4);
  local.writeUInt16LE(dd ? 8 : 0, 6);
  local.writeUInt16LE(8, 8);
  sizes(local, 18);
  local.writeUInt16LE(fname.length, 26);
  local.writeUInt16LE(extra.length, 28);
  const descriptor = Buffer.alloc(dd ? 16 : 0);
  if (dd) {
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(data.length, 8);
    descriptor.writeUInt32LE(claimed, 12);
  }
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(zip64 ? 45 : 20, 4);
  central.writeUInt16LE(zip64 ? 45 : 20, 6);
  central.writeUInt16LE(dd ? 8 : 0, 8);
  central.writeUInt16LE(8, 10);
  if (dd) {
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(claimed, 24);
  } else sizes(central, 20);
  central.writeUInt16LE(fname.length, 28);
  central.writeUInt16LE(extra.length, 30);
  const before = Buffer.concat([local, fname, extra, data, descriptor]);
  const directory = Buffer.concat([central, fname, extra]);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(1, 8);
  eocd.writeUInt16LE(1, 10);
  eocd.writeUInt32LE(directory.length, 12);
  eocd.writeUInt32LE(before.length, 16);
  return new Uint8Array(Buffer.concat([before, directory, eocd]));
}
