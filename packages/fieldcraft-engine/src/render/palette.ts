// Colours as data: the banded contour map and the fixed colours of everything else drawn.
import type { Rgb } from "./raster.js";

/** The contour map's stops, low to high: blue, cyan, green, yellow, red (the usual FE rainbow). */
const RAINBOW: readonly Rgb[] = [
  [0, 0, 255],
  [0, 255, 255],
  [0, 255, 0],
  [255, 255, 0],
  [255, 0, 0],
];

export const MIN_BANDS = 2;
export const MAX_BANDS = 64;
export const DEFAULT_BANDS = 10;

/** One colour per band, sampled at band centres along the rainbow; band 0 is the lowest values. */
export function bandColors(bands: number): Rgb[] {
  const out: Rgb[] = [];
  for (let i = 0; i < bands; i++) {
    const t = bands === 1 ? 0.5 : i / (bands - 1);
    const f = t * (RAINBOW.length - 1);
    const k = Math.min(RAINBOW.length - 2, Math.floor(f));
    const u = f - k;
    const a = RAINBOW[k], b = RAINBOW[k + 1];
    out.push([
      Math.round(a[0] + (b[0] - a[0]) * u),
      Math.round(a[1] + (b[1] - a[1]) * u),
      Math.round(a[2] + (b[2] - a[2]) * u),
    ]);
  }
  return out;
}

export const COLORS = {
  background: [255, 255, 255] as Rgb,
  surface: [176, 190, 208] as Rgb,
  featureEdge: [24, 24, 32] as Rgb,
  undeformedEdge: [150, 150, 160] as Rgb,
  text: [20, 20, 28] as Rgb,
  fixed: [30, 150, 60] as Rgb,
  displacement: [0, 120, 190] as Rgb,
  force: [200, 20, 120] as Rgb,
  pressure: [230, 120, 0] as Rgb,
  coupling: [0, 130, 130] as Rgb,
  axisX: [200, 30, 30] as Rgb,
  axisY: [30, 140, 30] as Rgb,
  axisZ: [30, 30, 200] as Rgb,
} as const;

/** Mesh edges darken the pixel under them by this factor, so contour bands stay readable through them. */
export const MESH_EDGE_DARKEN = 0.6;
