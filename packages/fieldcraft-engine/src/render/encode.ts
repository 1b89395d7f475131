// PNG encoding through pngjs: RGB output (the picture is opaque), zlib level 6 and the Paeth filter on every
// row (pngjs's default tries all five filters per row and level 9: several times slower, hardly smaller here).
import { PNG } from "pngjs";
import type { FrameBuffer } from "./raster.js";

export function encodePng(fb: FrameBuffer): Uint8Array {
  const data = Buffer.from(fb.color.buffer, fb.color.byteOffset, fb.color.byteLength);
  const buffer = PNG.sync.write(
    { width: fb.width, height: fb.height, data } as unknown as PNG,
    { colorType: 2, inputColorType: 6, inputHasAlpha: true, deflateLevel: 6, filterType: 4 },
  );
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** Decodes a PNG to RGBA (tests and the reference-image comparison use it). */
export function decodePng(png: Uint8Array): { width: number; height: number; data: Uint8Array } {
  const image = PNG.sync.read(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
  return { width: image.width, height: image.height, data: new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength) };
}
