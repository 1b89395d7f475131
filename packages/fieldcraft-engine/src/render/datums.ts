// Datum planes in a picture: a translucent quad over the model's extent in the plane, its outline and its name,
// drawn over the shape without a depth test (a datum is a reference, not a surface that hides anything).
import type { Vec3 } from "../geometry/types.js";
import { forEachTextPixel } from "./font.js";
import { setPixel, type FrameBuffer, type Rgb } from "./raster.js";

export interface SceneDatum {
  name: string;
  /** The quad's corners in order around it. */
  corners: Vec3[];
}

export const DATUM_COLOR: Rgb = [150, 50, 210];
/** Share of the datum's colour in its fill. */
export const DATUM_FILL = 0.25;

/** The quad of `plane` covering a box (its corners projected into the plane), grown by `margin` of the box's size. */
export function datumQuad(plane: { point: readonly number[]; normal: readonly number[] }, box: { min: readonly number[]; max: readonly number[] }, margin = 0.08): Vec3[] {
  const n = plane.normal;
  const h = Math.abs(n[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const d = h[0] * n[0] + h[1] * n[1] + h[2] * n[2];
  const u = [h[0] - d * n[0], h[1] - d * n[1], h[2] - d * n[2]];
  const lu = Math.hypot(u[0], u[1], u[2]);
  for (let k = 0; k < 3; k++) u[k] /= lu;
  const v = [n[1] * u[2] - n[2] * u[1], n[2] * u[0] - n[0] * u[2], n[0] * u[1] - n[1] * u[0]];
  const p = plane.point;
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  for (let c = 0; c < 8; c++) {
    const q = [c & 1 ? box.max[0] : box.min[0], c & 2 ? box.max[1] : box.min[1], c & 4 ? box.max[2] : box.min[2]];
    const r = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
    const a = r[0] * u[0] + r[1] * u[1] + r[2] * u[2], b = r[0] * v[0] + r[1] * v[1] + r[2] * v[2];
    (u0 = Math.min(u0, a)), (u1 = Math.max(u1, a)), (v0 = Math.min(v0, b)), (v1 = Math.max(v1, b));
  }
  const grow = margin * Math.hypot(box.max[0] - box.min[0], box.max[1] - box.min[1], box.max[2] - box.min[2]);
  (u0 -= grow), (u1 += grow), (v0 -= grow), (v1 += grow);
  const at = (a: number, b: number): Vec3 => [p[0] + a * u[0] + b * v[0], p[1] + a * u[1] + b * v[1], p[2] + a * u[2] + b * v[2]];
  return [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)];
}

/** Fill (blended), outline and name of each datum; `toScreen` projects a model point to pixel x, y. */
export function drawDatums(fb: FrameBuffer, datums: readonly SceneDatum[], toScreen: (p: Vec3) => [number, number]): void {
  for (const datum of datums) {
    const q = datum.corners.map(toScreen);
    // Fill: pixels whose centre is inside the (convex) projected quad, either winding.
    const xs = q.map((p) => p[0]), ys = q.map((p) => p[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs))), x1 = Math.min(fb.width - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(fb.height - 1, Math.ceil(Math.max(...ys)));
    const side = (k: number, x: number, y: number) => {
      const a = q[k], b = q[(k + 1) % q.length];
      return (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    };
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const s = q.map((_, k) => side(k, x + 0.5, y + 0.5));
        if (!(s.every((v) => v >= 0) || s.every((v) => v <= 0))) continue;
        const o = (y * fb.width + x) * 4;
        for (let c = 0; c < 3; c++) fb.color[o + c] = Math.round((1 - DATUM_FILL) * fb.color[o + c] + DATUM_FILL * DATUM_COLOR[c]);
      }
    // Outline, two pixels wide.
    q.forEach((a, k) => {
      const b = q[(k + 1) % q.length];
      const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]))));
      if (steps > 1e5) return;
      for (let i = 0; i <= steps; i++) {
        const x = a[0] + ((b[0] - a[0]) * i) / steps, y = a[1] + ((b[1] - a[1]) * i) / steps;
        setPixel(fb, x, y, DATUM_COLOR);
        setPixel(fb, x + 1, y, DATUM_COLOR);
        setPixel(fb, x, y + 1, DATUM_COLOR);
      }
    });
    // The name just inside the quad's top-most corner.
    const top = q.reduce((best, p) => (p[1] < best[1] ? p : best), q[0]);
    forEachTextPixel(datum.name, Math.round(top[0]) + 4, Math.round(top[1]) + 4, 2, (x, y) => setPixel(fb, x, y, DATUM_COLOR));
  }
}
