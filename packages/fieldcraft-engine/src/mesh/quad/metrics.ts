// Shape measures of a planar mesh's corner polygons (triangles or quadrilaterals), reported with the mesh:
// corner angles, aspect ratio (longest side over shortest) and scaled Jacobian (least corner sine; 1 for a
// rectangle or right corner, <= 0 when a corner folds over).

export interface ElementQuality {
  elements: number;
  min_angle: number;
  max_angle: number;
  max_aspect_ratio: number;
  min_scaled_jacobian: number;
  mean_scaled_jacobian: number;
  /** Elements with a corner whose scaled Jacobian is <= 0. */
  inverted: number;
}

/** Scaled Jacobian of one polygon (corner ids `poly[k..k+m]`) in x, y with `stride` values per point. */
export function scaledJacobian(p: ArrayLike<number>, stride: number, ids: ArrayLike<number>, at: number, m: number): number {
  let least = Infinity;
  for (let c = 0; c < m; c++) {
    const i = ids[at + c], n = ids[at + ((c + 1) % m)], r = ids[at + ((c + m - 1) % m)];
    const ax = p[stride * n] - p[stride * i], ay = p[stride * n + 1] - p[stride * i + 1];
    const bx = p[stride * r] - p[stride * i], by = p[stride * r + 1] - p[stride * i + 1];
    least = Math.min(least, (ax * by - ay * bx) / (Math.hypot(ax, ay) * Math.hypot(bx, by)));
  }
  // A triangle's best corner sine is sqrt(3)/2; scale so an equilateral triangle reads 1, as is usual.
  return m === 3 ? least / (Math.sqrt(3) / 2) : least;
}

/** Quality of elements of `m` corners, `npe` node ids each (corners first), points with `stride` values. */
export function elementQuality(p: ArrayLike<number>, stride: number, ids: ArrayLike<number>, npe: number, m: number): ElementQuality {
  const ne = ids.length / npe;
  let minA = Infinity, maxA = -Infinity, maxAspect = 0, minJ = Infinity, sumJ = 0, inverted = 0;
  for (let e = 0; e < ne; e++) {
    const at = e * npe;
    let lo = Infinity, hi = 0;
    for (let c = 0; c < m; c++) {
      const i = ids[at + c], n = ids[at + ((c + 1) % m)], r = ids[at + ((c + m - 1) % m)];
      const ax = p[stride * n] - p[stride * i], ay = p[stride * n + 1] - p[stride * i + 1];
      const bx = p[stride * r] - p[stride * i], by = p[stride * r + 1] - p[stride * i + 1];
      // Signed corner angle in (-180, 180]: the interior angle of a counter-clockwise polygon.
      const angle = (Math.atan2(ax * by - ay * bx, ax * bx + ay * by) * 180) / Math.PI;
      minA = Math.min(minA, angle);
      maxA = Math.max(maxA, angle < 0 ? 360 + angle : angle);
      const len = Math.hypot(ax, ay);
      lo = Math.min(lo, len);
      hi = Math.max(hi, len);
    }
    maxAspect = Math.max(maxAspect, hi / lo);
    const j = scaledJacobian(p, stride, ids, at, m);
    minJ = Math.min(minJ, j);
    sumJ += j;
    if (j <= 0) inverted++;
  }
  return { elements: ne, min_angle: minA, max_angle: maxA, max_aspect_ratio: maxAspect, min_scaled_jacobian: minJ, mean_scaled_jacobian: ne ? sumJ / ne : 0, inverted };
}
