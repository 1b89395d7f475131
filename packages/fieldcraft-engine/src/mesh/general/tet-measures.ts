// Shape measures of one linear tet from corner coordinates: the smallest dihedral angle and the
// radius-edge ratio (circumradius over shortest edge; sqrt(6)/4 = 0.612 for the regular tet).
import { circumcentre } from "./predicates.js";

const scratch = new Float64Array(3);

export function radiusEdge(x: Float64Array, a: number, b: number, c: number, d: number): number {
  const r2 = circumcentre(x, a, b, c, d, scratch);
  return Math.sqrt(r2 / shortestEdge2(x, a, b, c, d));
}

export function shortestEdge2(x: Float64Array, a: number, b: number, c: number, d: number): number {
  return Math.min(edge2(x, a, b), edge2(x, a, c), edge2(x, a, d), edge2(x, b, c), edge2(x, b, d), edge2(x, c, d));
}

function edge2(x: Float64Array, u: number, v: number): number {
  const dx = x[3 * u] - x[3 * v], dy = x[3 * u + 1] - x[3 * v + 1], dz = x[3 * u + 2] - x[3 * v + 2];
  return dx * dx + dy * dy + dz * dz;
}

const normals = new Float64Array(12);
const FACES = [1, 2, 3, 0, 0, 2, 3, 1, 0, 1, 3, 2, 0, 1, 2, 3];
const corner = new Int32Array(4);

/** Smallest dihedral angle in degrees (0 for a flat tet). */
export function minDihedral(x: Float64Array, a: number, b: number, c: number, d: number): number {
  return angleOfScore(dihedralScore(x, a, b, c, d));
}

/** The smallest dihedral angle (degrees) of a score from dihedralScore. */
export function angleOfScore(score: number): number {
  return 180 - (Math.acos(Math.max(-1, Math.min(1, score))) * 180) / Math.PI;
}

/** The score below which a tet's smallest dihedral angle is below `degrees`. */
export function scoreOfAngle(degrees: number): number {
  return -Math.cos((degrees * Math.PI) / 180);
}

/**
 * A score that grows with the smallest dihedral angle (-1 flat, -1/3 regular): minus the cosine of that
 * angle, so comparisons in the mesher's inner loops need no acos. Allocation-free.
 */
export function dihedralScore(x: Float64Array, a: number, b: number, c: number, d: number): number {
  corner[0] = a;
  corner[1] = b;
  corner[2] = c;
  corner[3] = d;
  // Outward face normals; the dihedral at an edge is pi minus the angle between the two faces' outward normals.
  for (let f = 0; f < 4; f++) {
    const p = corner[FACES[4 * f]], q = corner[FACES[4 * f + 1]], r = corner[FACES[4 * f + 2]], s = corner[FACES[4 * f + 3]];
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
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len === 0) return -1;
    normals[3 * f] = nx / len;
    normals[3 * f + 1] = ny / len;
    normals[3 * f + 2] = nz / len;
  }
  // The smallest dihedral is where the outward normals are most nearly opposite (the smallest cosine, as the
  // angle is 180 - acos(cos)).
  let worst = 1;
  for (let f = 0; f < 4; f++)
    for (let g = f + 1; g < 4; g++) {
      const cos = normals[3 * f] * normals[3 * g] + normals[3 * f + 1] * normals[3 * g + 1] + normals[3 * f + 2] * normals[3 * g + 2];
      if (cos < worst) worst = cos;
    }
  return worst;
}
