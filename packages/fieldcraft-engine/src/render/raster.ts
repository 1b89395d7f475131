// The software rasteriser: an RGBA colour buffer and a depth buffer (smaller is nearer), filled triangles
// with a per-pixel scalar for banded contours, and depth-tested lines. Pixel (i, j) is sampled at its centre.
export type Rgb = readonly [number, number, number];

export interface FrameBuffer {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, row-major from the top-left corner. */
  color: Uint8Array;
  depth: Float32Array;
}

export function createFrameBuffer(width: number, height: number, background: Rgb): FrameBuffer {
  const color = new Uint8Array(width * height * 4);
  // One 32-bit store per pixel: the RGBA bytes of the background in memory order.
  const pixel = new Uint8Array([background[0], background[1], background[2], 255]);
  new Uint32Array(color.buffer).fill(new Uint32Array(pixel.buffer)[0]);
  const depth = new Float32Array(width * height).fill(Infinity);
  return { width, height, color, depth };
}

/**
 * How a triangle's pixels get their colour: the scalar `s` interpolated across the triangle picks a band
 * of `lut` (RGB triples) as floor((s - min) * bandsPerUnit), then the colour is scaled by `shade`.
 */
export interface BandLookup {
  lut: Uint8Array;
  bands: number;
  min: number;
  bandsPerUnit: number;
}

export function solidLookup(color: Rgb): BandLookup {
  return { lut: Uint8Array.from(color), bands: 1, min: 0, bandsPerUnit: 0 };
}

/** Fills a screen-space triangle with depth test and write. Coordinates are pixels; z is depth. */
export function fillTriangle(
  fb: FrameBuffer,
  x0: number, y0: number, z0: number, s0: number,
  x1: number, y1: number, z1: number, s1: number,
  x2: number, y2: number, z2: number, s2: number,
  shade: number,
  look: BandLookup,
): void {
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (area === 0 || !Number.isFinite(area)) return;
  const { width, height, color, depth } = fb;
  const minX = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(x0, x1, x2)));
  const minY = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(y0, y1, y2)));
  if (minX > maxX || minY > maxY) return;
  const inv = 1 / area;
  // Barycentric weights as affine functions of the pixel centre: w = a * px + b * py + c.
  const a0 = (y1 - y2) * inv, b0 = (x2 - x1) * inv, c0 = (x1 * y2 - x2 * y1) * inv;
  const a1 = (y2 - y0) * inv, b1 = (x0 - x2) * inv, c1 = (x2 * y0 - x0 * y2) * inv;
  const a2 = (y0 - y1) * inv, b2 = (x1 - x0) * inv, c2 = (x0 * y1 - x1 * y0) * inv;
  const dzdx = a0 * z0 + a1 * z1 + a2 * z2;
  const dsdx = a0 * s0 + a1 * s1 + a2 * s2;
  const { lut, bands, min, bandsPerUnit } = look;
  const lastBand = bands - 1;
  const eps = -1e-9;
  for (let py = minY; py <= maxY; py++) {
    const cy = py + 0.5;
    const cx0 = minX + 0.5;
    let w0 = a0 * cx0 + b0 * cy + c0;
    let w1 = a1 * cx0 + b1 * cy + c1;
    let w2 = a2 * cx0 + b2 * cy + c2;
    let z = w0 * z0 + w1 * z1 + w2 * z2;
    let s = w0 * s0 + w1 * s1 + w2 * s2;
    let idx = py * width + minX;
    for (let px = minX; px <= maxX; px++, idx++) {
      if (w0 >= eps && w1 >= eps && w2 >= eps && z < depth[idx]) {
        depth[idx] = z;
        let band = Math.floor((s - min) * bandsPerUnit);
        if (band < 0) band = 0;
        else if (band > lastBand) band = lastBand;
        const o = idx * 4;
        color[o] = lut[band * 3] * shade;
        color[o + 1] = lut[band * 3 + 1] * shade;
        color[o + 2] = lut[band * 3 + 2] * shade;
      }
      w0 += a0;
      w1 += a1;
      w2 += a2;
      z += dzdx;
      s += dsdx;
    }
  }
}

/**
 * Draws a line whose pixels pass the depth test within `bias` (so edges on a surface show and edges behind it
 * do not). `darken` in (0, 1) multiplies what is there instead of painting `rgb` (thin mesh lines over contours).
 */
export function drawLine(
  fb: FrameBuffer,
  x0: number, y0: number, z0: number,
  x1: number, y1: number, z1: number,
  rgb: Rgb | null,
  thickness: number,
  bias: number,
  darken = 0,
): void {
  const { width, height, color, depth } = fb;
  const dx = x1 - x0, dy = y1 - y0;
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(dx), Math.abs(dy))));
  if (!Number.isFinite(steps) || steps > 1e5) return;
  const horizontalish = Math.abs(dx) >= Math.abs(dy);
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const px = Math.floor(x0 + dx * t);
    const py = Math.floor(y0 + dy * t);
    const z = z0 + (z1 - z0) * t;
    for (let k = 0; k < thickness; k++) {
      const qx = horizontalish ? px : px + k;
      const qy = horizontalish ? py + k : py;
      if (qx < 0 || qy < 0 || qx >= width || qy >= height) continue;
      const idx = qy * width + qx;
      if (z > depth[idx] + bias) continue;
      const o = idx * 4;
      if (rgb === null) {
        color[o] *= darken;
        color[o + 1] *= darken;
        color[o + 2] *= darken;
      } else {
        color[o] = rgb[0];
        color[o + 1] = rgb[1];
        color[o + 2] = rgb[2];
      }
    }
  }
}

/** Paints an axis-aligned rectangle of pixels, no depth test (legend swatches, panels). */
export function fillRect(fb: FrameBuffer, x: number, y: number, w: number, h: number, rgb: Rgb): void {
  const x0 = Math.max(0, Math.floor(x)), y0 = Math.max(0, Math.floor(y));
  const x1 = Math.min(fb.width, Math.floor(x + w)), y1 = Math.min(fb.height, Math.floor(y + h));
  for (let py = y0; py < y1; py++) {
    for (let px = x0; px < x1; px++) {
      const o = (py * fb.width + px) * 4;
      fb.color[o] = rgb[0];
      fb.color[o + 1] = rgb[1];
      fb.color[o + 2] = rgb[2];
    }
  }
}

export function setPixel(fb: FrameBuffer, px: number, py: number, rgb: Rgb): void {
  const x = Math.floor(px), y = Math.floor(py);
  if (x < 0 || y < 0 || x >= fb.width || y >= fb.height) return;
  const o = (y * fb.width + x) * 4;
  fb.color[o] = rgb[0];
  fb.color[o + 1] = rgb[1];
  fb.color[o + 2] = rgb[2];
}
