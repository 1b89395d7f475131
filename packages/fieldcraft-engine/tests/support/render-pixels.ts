// Reading pictures the way a person would: which pixels differ from the background, where a colour is.
import { decodePng } from "../../src/render/index.js";

export interface Picture {
  width: number;
  height: number;
  data: Uint8Array;
}

export function readPicture(png: Uint8Array): Picture {
  return decodePng(png);
}

export function pixel(p: Picture, x: number, y: number): [number, number, number] {
  const o = (y * p.width + x) * 4;
  return [p.data[o], p.data[o + 1], p.data[o + 2]];
}

/** Bounding box of the pixels `test` accepts, or null. */
export function boundsOf(p: Picture, test: (rgb: [number, number, number], x: number, y: number) => boolean) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, count = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (test(pixel(p, x, y), x, y)) {
        count++;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  return count === 0 ? null : { x0, y0, x1, y1, count };
}

export const same = (a: readonly number[], b: readonly number[]) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
