// The headless app's window: a title bar, the model viewport (the engine's render) and a status bar,
// drawn into one picture. Pure: pixels in, pixels out.
import { forEachTextPixel, GLYPH_HEIGHT, textWidth } from "./font.js";

export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

export const TITLE_BAR = 24;
export const STATUS_BAR = 22;
const TITLE_BG = [38, 50, 66] as const;
const TITLE_FG = [235, 240, 245] as const;
const STATUS_BG = [222, 226, 230] as const;
const STATUS_FG = [30, 36, 44] as const;
const BORDER = [90, 100, 112] as const;

/** The viewport's place in a window of this size. */
export function viewportRect(width: number, height: number): { x: number; y: number; width: number; height: number } {
  return { x: 1, y: TITLE_BAR, width: Math.max(16, width - 2), height: Math.max(16, height - TITLE_BAR - STATUS_BAR) };
}

function fill(img: Rgba, x0: number, y0: number, w: number, h: number, rgb: readonly number[]): void {
  for (let y = Math.max(0, y0); y < Math.min(img.height, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(img.width, x0 + w); x++) {
      const o = 4 * (y * img.width + x);
      img.data[o] = rgb[0];
      img.data[o + 1] = rgb[1];
      img.data[o + 2] = rgb[2];
      img.data[o + 3] = 255;
    }
  }
}

function text(img: Rgba, s: string, x: number, y: number, scale: number, rgb: readonly number[], maxX: number): void {
  let shown = s;
  while (shown.length > 0 && x + textWidth(shown, scale) > maxX) shown = shown.slice(0, -1);
  forEachTextPixel(shown, x, y, scale, (px, py) => fill(img, px, py, 1, 1, rgb));
}

export function composeWindow(width: number, height: number, viewport: Rgba, title: string, status: string): Rgba {
  const img: Rgba = { width, height, data: new Uint8Array(width * height * 4) };
  fill(img, 0, 0, width, height, BORDER);
  fill(img, 0, 0, width, TITLE_BAR, TITLE_BG);
  fill(img, 0, height - STATUS_BAR, width, STATUS_BAR, STATUS_BG);
  const vp = viewportRect(width, height);
  for (let y = 0; y < Math.min(viewport.height, vp.height); y++) {
    const dy = vp.y + y;
    if (dy >= height) break;
    const w = Math.min(viewport.width, vp.width, width - vp.x);
    img.data.set(viewport.data.subarray(4 * y * viewport.width, 4 * (y * viewport.width + w)), 4 * (dy * width + vp.x));
  }
  const titleScale = TITLE_BAR >= 2 * GLYPH_HEIGHT + 6 ? 2 : 1;
  text(img, title, 8, Math.floor((TITLE_BAR - GLYPH_HEIGHT * titleScale) / 2), titleScale, TITLE_FG, width - 8);
  const statusScale = width >= 700 ? 2 : 1;
  text(img, status, 6, height - STATUS_BAR + Math.floor((STATUS_BAR - GLYPH_HEIGHT * statusScale) / 2), statusScale, STATUS_FG, width - 6);
  return img;
}
