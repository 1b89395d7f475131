// The contour legend (field, unit, banded bar with values at band boundaries) and the axis triad.
import { forEachTextPixel, GLYPH_HEIGHT, textWidth } from "./font.js";
import type { ViewBasis } from "./camera.js";
import { COLORS } from "./palette.js";
import { drawLine, fillRect, setPixel, type FrameBuffer, type Rgb } from "./raster.js";

/** A number for a legend label: 4 significant digits, exponent form for very large or small magnitudes. */
export function formatLegendValue(v: number): string {
  if (v === 0 || !Number.isFinite(v)) return v === 0 ? "0" : String(v);
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    const [m, e] = v.toExponential(3).split("e");
    const exp = Number(e);
    return `${m}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  const s = v.toPrecision(4);
  return s.includes(".") ? s.replace(/\.?0+$/, "") : s;
}

export function drawText(fb: FrameBuffer, text: string, x: number, y: number, scale: number, rgb: Rgb): void {
  forEachTextPixel(text, x, y, scale, (px, py) => setPixel(fb, px, py, rgb));
}

export interface LegendLayout {
  x: number;
  y: number;
  /** Width the legend takes from the left of the picture (the model is framed to its right). */
  width: number;
  scale: number;
  bandHeight: number;
  swatchWidth: number;
  labelEvery: number;
  title: string;
  labels: string[];
  /** Lines under the bar (the step, the deformation scale). */
  caption: string[];
  /** Height of everything drawn, from the top of the picture. */
  height: number;
}

/** Rows between the bar's bottom and the caption: room for the half of the last label that hangs below. */
const CAPTION_GAP = 10;

export function fontScale(height: number): number {
  return height >= 560 ? 2 : 1;
}

/** Where the legend goes, or null when the picture is too small to hold one. */
export function layoutLegend(
  width: number,
  height: number,
  title: string,
  min: number,
  max: number,
  bands: number,
  caption: string[] = [],
): LegendLayout | null {
  if (width < 200 || height < 150) return null;
  const scale = fontScale(height);
  const margin = 8 * scale;
  const titleHeight = (GLYPH_HEIGHT + 6) * scale;
  const available = height * 0.7 - titleHeight;
  const bandHeight = Math.max(4, Math.min(14 * scale, Math.floor(available / bands)));
  const lineHeight = (GLYPH_HEIGHT + 2) * scale;
  const labelEvery = Math.max(1, Math.ceil(lineHeight / bandHeight));
  const labels: string[] = [];
  for (let i = 0; i <= bands; i++) labels.push(formatLegendValue(max - ((max - min) * i) / bands));
  const swatchWidth = 16 * scale;
  const labelWidth = Math.max(...labels.map((l) => textWidth(l, scale)));
  const used = Math.max(textWidth(title, scale), swatchWidth + 4 * scale + labelWidth, ...caption.map((c) => textWidth(c, scale)));
  const barBottom = margin + titleHeight + bands * bandHeight;
  const legendHeight = barBottom + (caption.length > 0 ? CAPTION_GAP * scale + caption.length * lineHeight : 0) + margin;
  return { x: margin, y: margin, width: used + 2 * margin, scale, bandHeight, swatchWidth, labelEvery, title, labels, caption, height: legendHeight };
}

/** Draws the legend: the title, then one swatch per band from the highest (top) to the lowest. */
export function drawLegend(fb: FrameBuffer, layout: LegendLayout, colors: readonly Rgb[]): void {
  const { x, y, scale, bandHeight, swatchWidth, labelEvery, title, labels, caption } = layout;
  drawText(fb, title, x, y, scale, COLORS.text);
  const top = y + (GLYPH_HEIGHT + 6) * scale;
  const bands = colors.length;
  for (let i = 0; i < bands; i++) {
    fillRect(fb, x, top + i * bandHeight, swatchWidth, bandHeight, colors[bands - 1 - i]);
  }
  // A thin frame around the bar and ticks at the labelled boundaries.
  const frame = COLORS.text;
  const bottom = top + bands * bandHeight;
  fillRect(fb, x - 1, top - 1, swatchWidth + 2, 1, frame);
  fillRect(fb, x - 1, bottom, swatchWidth + 2, 1, frame);
  fillRect(fb, x - 1, top - 1, 1, bands * bandHeight + 2, frame);
  fillRect(fb, x + swatchWidth, top - 1, 1, bands * bandHeight + 2, frame);
  for (let i = 0; i <= bands; i++) {
    if (i % labelEvery !== 0 && i !== bands) continue;
    const yy = top + i * bandHeight;
    fillRect(fb, x + swatchWidth + 1, yy, 3 * scale, 1, frame);
    drawText(fb, labels[i], x + swatchWidth + 4 * scale, Math.round(yy - (GLYPH_HEIGHT * scale) / 2), scale, COLORS.text);
  }
  caption.forEach((line, i) => drawText(fb, line, x, bottom + CAPTION_GAP * scale + i * (GLYPH_HEIGHT + 2) * scale, scale, COLORS.text));
}

/** A small X/Y/Z triad in the bottom-left corner showing how the axes lie on screen. */
export function drawTriad(fb: FrameBuffer, basis: ViewBasis): void {
  if (fb.width < 100 || fb.height < 100) return;
  const scale = fontScale(fb.height);
  const len = 18 * scale;
  const ox = 14 * scale + len, oy = fb.height - 14 * scale - len;
  const axes: [number, Rgb, string][] = [
    [0, COLORS.axisX, "X"],
    [1, COLORS.axisY, "Y"],
    [2, COLORS.axisZ, "Z"],
  ];
  for (const [k, rgb, label] of axes) {
    const sx = basis.right[k], sy = -basis.up[k];
    drawLine(fb, ox, oy, 0, ox + sx * len, oy + sy * len, 0, rgb, scale, Infinity);
    if (Math.hypot(sx, sy) > 0.2) {
      drawText(fb, label, Math.round(ox + sx * (len + 6 * scale) - 2 * scale), Math.round(oy + sy * (len + 6 * scale) - 3 * scale), scale, rgb);
    }
  }
}
