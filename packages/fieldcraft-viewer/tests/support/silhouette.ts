// The model's outline in a picture, independent of who drew it: pixels that are neither background nor a
// saturated symbol/legend colour, cropped to their bounding box and resampled to a fixed grid.
import { PNG } from "pngjs";

export interface Silhouette {
  width: number;
  height: number;
  /** Bounding box of the model's pixels. */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** `grid` x `grid/2`... resampled mask. */
  cells: Uint8Array;
  cols: number;
  rows: number;
  count: number;
}

export function isModelPixel(r: number, g: number, b: number): boolean {
  const max = Math.max(r, g, b), min = Math.min(r, g, b);
  return r + g + b < 3 * 240 && max - min < 40;
}

export function silhouette(png: Buffer, region?: { x: number; y: number; width: number; height: number }, cols = 96, rows = 48): Silhouette {
  const img = PNG.sync.read(png);
  const rx = region?.x ?? 0, ry = region?.y ?? 0, rw = region?.width ?? img.width, rh = region?.height ?? img.height;
  const mask = new Uint8Array(rw * rh);
  const symbol = new Uint8Array(rw * rh);
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      const i = 4 * ((ry + y) * img.width + (rx + x));
      const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
      if (isModelPixel(r, g, b)) mask[y * rw + x] = 1;
      else if (r + g + b < 3 * 240) symbol[y * rw + x] = 1;
    }
  }
  // Antialiased fringes of symbols blend to grey: a model pixel within 2 pixels of a symbol colour is not counted.
  const colCount = new Uint32Array(rw), rowCount = new Uint32Array(rh);
  let count = 0;
  for (let y = 0; y < rh; y++) {
    for (let x = 0; x < rw; x++) {
      if (!mask[y * rw + x]) continue;
      let near = false;
      for (let dy = -2; dy <= 2 && !near; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          const yy = y + dy, xx = x + dx;
          if (yy >= 0 && yy < rh && xx >= 0 && xx < rw && symbol[yy * rw + xx]) {
            near = true;
            break;
          }
        }
      }
      if (near) {
        mask[y * rw + x] = 0;
        continue;
      }
      count++;
      colCount[x]++;
      rowCount[y]++;
    }
  }
  // The box spans rows and columns with a few model pixels at least: a stray antialiased symbol pixel is not the model.
  const MIN = 4;
  let x0 = 0, x1 = rw - 1, y0 = 0, y1 = rh - 1;
  while (x0 < rw && colCount[x0] < MIN) x0++;
  while (x1 > x0 && colCount[x1] < MIN) x1--;
  while (y0 < rh && rowCount[y0] < MIN) y0++;
  while (y1 > y0 && rowCount[y1] < MIN) y1--;
  const cells = new Uint8Array(cols * rows);
  if (count > 0) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = Math.min(x1, Math.floor(x0 + ((c + 0.5) * (x1 - x0 + 1)) / cols));
        const y = Math.min(y1, Math.floor(y0 + ((r + 0.5) * (y1 - y0 + 1)) / rows));
        cells[r * cols + c] = mask[y * rw + x];
      }
    }
  }
  return { width: rw, height: rh, box: { x0, y0, x1, y1 }, cells, cols, rows, count };
}

/** Intersection over union of two resampled masks. */
export function overlap(a: Silhouette, b: Silhouette): number {
  let inter = 0, union = 0;
  for (let i = 0; i < a.cells.length; i++) {
    if (a.cells[i] && b.cells[i]) inter++;
    if (a.cells[i] || b.cells[i]) union++;
  }
  return union === 0 ? 0 : inter / union;
}

export const aspect = (s: Silhouette) => (s.box.x1 - s.box.x0 + 1) / (s.box.y1 - s.box.y0 + 1);

/** Pixels of the picture region whose colour is a saturated contour colour (red..blue rainbow). */
export function saturatedCount(png: Buffer, hue: "red" | "blue"): number {
  const img = PNG.sync.read(png);
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const r = img.data[i], g = img.data[i + 1], b = img.data[i + 2];
    if (hue === "red" && r > 150 && g < 90 && b < 90) n++;
    if (hue === "blue" && b > 150 && r < 60 && g < 120) n++;
  }
  return n;
}
