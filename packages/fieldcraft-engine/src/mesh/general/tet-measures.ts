// Shape measures of one linear tet from corner coordinates: the smallest dihedral angle and the
// radius-edge ratio (circumradius over shortest edge; sqrt(6)/4 = 0.612 for the regular tet).
import { circumcentre } from "./predicates.js";

const scratch = new Float64Array(3);

export function radiusEdge(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const r2 = circumcentre(x, a, b, c, d, scratch);
  return Math.sqrt(r2 / shortestEdge2(x, a, b, c, d));
}

export function shortestEdge2(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const e = (u: number, v: number) => {
    const dx = x[3 * u] - x[3 * v], dy = x[3 * u + 1] - x[3 * v + 1], dz = x[3 * u + 2] - x[3 * v + 2];
    return dx * dx + dy * dy + dz * dz;
  };
  return Math.min(e(a, b), e(a, c), e(a, d), e(b, c), e(b, d), e(c, d));
}

const normals = new Float64Array(12);

/** Smallest dihedral angle in degrees (0 for a flat tet). */
export function minDihedral(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const v = [a, b, c, d];
  // Outward-agnostic face normals; the dihedral at an edge is pi minus the angle between the two faces' outward normals.
  const faces = [
    [1, 2, 3, 0],
    [0, 2, 3, 1],
    [0, 1, 3, 2],
    [0, 1, 2, 3],
  ];
  for (let f = 0; f < 4; f++) {
    const [i, j, k, o] = faces[f];
    const p = v[i], q = v[j], r = v[k], s = v[o];
    const ux = x[3 * q] - x[3 * p], uy = x[3 * q + 1] - x[3 * p + 1], uz = x[3 * q + 2] - x[3 * p + 2];
    const wx = x[3 * r] - x[3 * p], wy = x[3 * r + 1] - x[3 * p + 1], wz = x[3 * r + 2] - x[3 * p + 2];
    let nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    // Point the normal away from the opposite corner.
    const sx = x[3 * s] - x[3 * p], sy = x[3 * s + 1] - x[3 * p + 1], sz = x[3 * s + 2] - x[3 * p + 2];
    if (nx * sx + ny * sy + nz * sz > 0) {
      nx = -nx;
      ny = -ny;
      nz = -nz;
    }
    const len = Math.hypot(nx, ny, nz);
    if (len === 0) return 0;
    normals[3 * f] = nx / len;
    normals[3 * f + 1] = ny / len;
    normals[3 * f + 2] = nz / len;
  }
  let best = 180;
  for (let f = 0; f < 4; f++)
    for (let g = f + 1; g < 4; g++) {
      const cos = normals[3 * f] * normals[3 * g] + normals[3 * f + 1] * normals[3 * g + 1] + normals[3 * f + 2] * normals[3 * g + 2];
      const angle = 180 - (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
      if (angle < best) best = angle;
    }
  return best;
}
