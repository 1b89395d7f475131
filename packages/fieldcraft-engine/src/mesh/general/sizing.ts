// A local element size over the part: point sources (a size at a point) spread on a background grid so the
// size grows by at most `grading` per unit of distance away from them, capped by the global size. Sources
// come from `tolerance` (curvature of the faceted surface) and edge seeds. Looked up in O(1).
export interface SizeField {
  at(x: number, y: number, z: number): number;
}

export const uniformSize = (size: number): SizeField => ({ at: () => size });

/**
 * `points` xyz and `sizes` one per point. The grid has cells of about the smallest source size (at most
 * 64 per side); each grid node takes min(size, h_i + grading * distance) by a chamfer sweep, and a lookup
 * takes the smallest of its cell's 8 corners (conservative: never larger than the field).
 */
export function sizeField(size: number, lo: number[], hi: number[], points: number[], sizes: number[], grading = 0.4): SizeField {
  if (sizes.length === 0) return uniformSize(size);
  let hmin = size;
  for (const h of sizes) hmin = Math.min(hmin, h);
  const span = [hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]];
  const n = span.map((s) => Math.max(1, Math.min(64, Math.ceil(s / hmin))));
  const step = span.map((s, k) => (s > 0 ? s / n[k] : 1));
  const nx = n[0] + 1, ny = n[1] + 1, nz = n[2] + 1;
  const h = new Float64Array(nx * ny * nz).fill(size);
  const idx = (i: number, j: number, k: number) => i + nx * (j + ny * k);
  // Seed the nodes of each source's cell (and their neighbours) with the exact distance rule.
  for (let s = 0; s < sizes.length; s++) {
    const px = points[3 * s], py = points[3 * s + 1], pz = points[3 * s + 2];
    const ci = Math.floor((px - lo[0]) / step[0]), cj = Math.floor((py - lo[1]) / step[1]), ck = Math.floor((pz - lo[2]) / step[2]);
    for (let k = ck - 1; k <= ck + 2; k++)
      for (let j = cj - 1; j <= cj + 2; j++)
        for (let i = ci - 1; i <= ci + 2; i++) {
          if (i < 0 || j < 0 || k < 0 || i >= nx || j >= ny || k >= nz) continue;
          const d = Math.hypot(lo[0] + i * step[0] - px, lo[1] + j * step[1] - py, lo[2] + k * step[2] - pz);
          const v = sizes[s] + grading * d;
          const at = idx(i, j, k);
          if (v < h[at]) h[at] = v;
        }
  }
  // Chamfer sweeps (forward then backward over the 26 neighbours): h(node) <= h(neighbour) + grading * distance.
  const offsets: [number, number, number, number][] = [];
  for (let dk = -1; dk <= 1; dk++)
    for (let dj = -1; dj <= 1; dj++)
      for (let di = -1; di <= 1; di++) if (di || dj || dk) offsets.push([di, dj, dk, grading * Math.hypot(di * step[0], dj * step[1], dk * step[2])]);
  for (let sweep = 0; sweep < 2; sweep++) {
    const fwd = sweep === 0;
    for (let k0 = 0; k0 < nz; k0++)
      for (let j0 = 0; j0 < ny; j0++)
        for (let i0 = 0; i0 < nx; i0++) {
          const i = fwd ? i0 : nx - 1 - i0, j = fwd ? j0 : ny - 1 - j0, k = fwd ? k0 : nz - 1 - k0;
          const at = idx(i, j, k);
          let v = h[at];
          for (const [di, dj, dk, w] of offsets) {
            const a = i + di, b = j + dj, c = k + dk;
            if (a < 0 || b < 0 || c < 0 || a >= nx || b >= ny || c >= nz) continue;
            const u = h[idx(a, b, c)] + w;
            if (u < v) v = u;
          }
          h[at] = v;
        }
  }
  return {
    at(x: number, y: number, z: number): number {
      const i = Math.min(n[0] - 1, Math.max(0, Math.floor((x - lo[0]) / step[0])));
      const j = Math.min(n[1] - 1, Math.max(0, Math.floor((y - lo[1]) / step[1])));
      const k = Math.min(n[2] - 1, Math.max(0, Math.floor((z - lo[2]) / step[2])));
      let v = size;
      for (let c = 0; c < 8; c++) {
        const w = h[idx(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1))];
        if (w < v) v = w;
      }
      return v;
    },
  };
}

/**
 * Sizes from `tolerance`: the faceted surface read as a smooth one whose radius at an edge is the distance
 * between its two triangles' centroids over the angle their normals turn by; a chord of length
 * sqrt(8 R tolerance) strays `tolerance` from such an arc. One source per such edge inside a face (same tag on
 * both sides), at its midpoint.
 */
export function curvatureSources(positions: Float64Array, triangles: Int32Array, tags: Int32Array, tolerance: number, size: number, points: number[], sizes: number[]): void {
  const m = triangles.length / 3;
  const n = positions.length / 3;
  const normal = new Float64Array(3 * m), centre = new Float64Array(3 * m);
  for (let t = 0; t < m; t++) {
    const a = triangles[3 * t], b = triangles[3 * t + 1], c = triangles[3 * t + 2];
    const u = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
    const w = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
    const nx = u[1] * w[2] - u[2] * w[1], ny = u[2] * w[0] - u[0] * w[2], nz = u[0] * w[1] - u[1] * w[0];
    const l = Math.hypot(nx, ny, nz) || 1;
    normal.set([nx / l, ny / l, nz / l], 3 * t);
    for (let k = 0; k < 3; k++) centre[3 * t + k] = (positions[3 * a + k] + positions[3 * b + k] + positions[3 * c + k]) / 3;
  }
  const first = new Map<number, number>();
  for (let t = 0; t < m; t++)
    for (let e = 0; e < 3; e++) {
      const u = triangles[3 * t + e], v = triangles[3 * t + ((e + 1) % 3)];
      const key = u < v ? u * n + v : v * n + u;
      const o = first.get(key);
      if (o === undefined) {
        first.set(key, t);
        continue;
      }
      // Curvature is measured inside a face; a feature edge between two faces is a corner, not a bend.
      if (tags[o] !== tags[t]) continue;
      const cos = normal[3 * t] * normal[3 * o] + normal[3 * t + 1] * normal[3 * o + 1] + normal[3 * t + 2] * normal[3 * o + 2];
      const angle = Math.acos(Math.max(-1, Math.min(1, cos)));
      if (angle < 1e-9) continue;
      const d = Math.hypot(centre[3 * t] - centre[3 * o], centre[3 * t + 1] - centre[3 * o + 1], centre[3 * t + 2] - centre[3 * o + 2]);
      const radius = d / angle;
      // A sharp edge (a small radius) gets no smaller than size / 16: the caps keep counting, not the field.
      const h = Math.max(size / 16, Math.sqrt(8 * radius * tolerance));
      if (h >= size) continue;
      for (let k = 0; k < 3; k++) points.push((positions[3 * u + k] + positions[3 * v + k]) / 2);
      sizes.push(h);
    }
}
