// Exact orientation and in-sphere signs (Shewchuk's adaptive predicates from `robust-predicates`) on points
// stored as xyz triples. Conventions used throughout src/mesh/general: a tet (a, b, c, d) is positive when
// orient(a, b, c, d) > 0, i.e. (b - a) . ((c - a) x (d - a)) > 0, the engine's tetVolume6 sign.
import { insphere as rpInsphere, orient3d as rpOrient3d } from "robust-predicates";

/** Sign of six times the signed volume of (a, b, c, d): > 0 positive, 0 coplanar (exact). */
export function orient(x: Float64Array, a: number, b: number, c: number, d: number): number {
  // robust-predicates' orient3d is minus our volume (its "d below the plane" convention).
  return -rpOrient3d(x[3 * a], x[3 * a + 1], x[3 * a + 2], x[3 * b], x[3 * b + 1], x[3 * b + 2], x[3 * c], x[3 * c + 1], x[3 * c + 2], x[3 * d], x[3 * d + 1], x[3 * d + 2]);
}

/** Same as orient with the fourth point given by coordinates. */
export function orientPoint(x: Float64Array, a: number, b: number, c: number, px: number, py: number, pz: number): number {
  return -rpOrient3d(x[3 * a], x[3 * a + 1], x[3 * a + 2], x[3 * b], x[3 * b + 1], x[3 * b + 2], x[3 * c], x[3 * c + 1], x[3 * c + 2], px, py, pz);
}

/** > 0 when point e lies strictly inside the circumsphere of the positive tet (a, b, c, d) (exact). */
export function inSphere(x: Float64Array, a: number, b: number, c: number, d: number, e: number): number {
  return rpInsphere(
    x[3 * a], x[3 * a + 1], x[3 * a + 2],
    x[3 * b], x[3 * b + 1], x[3 * b + 2],
    x[3 * c], x[3 * c + 1], x[3 * c + 2],
    x[3 * d], x[3 * d + 1], x[3 * d + 2],
    x[3 * e], x[3 * e + 1], x[3 * e + 2],
  );
}

/** Circumcentre of tet (a, b, c, d) into out[0..2]; returns the squared circumradius (Infinity when flat). */
export function circumcentre(x: Float64Array, a: number, b: number, c: number, d: number, out: Float64Array): number {
  const ax = x[3 * a], ay = x[3 * a + 1], az = x[3 * a + 2];
  const bx = x[3 * b] - ax, by = x[3 * b + 1] - ay, bz = x[3 * b + 2] - az;
  const cx = x[3 * c] - ax, cy = x[3 * c + 1] - ay, cz = x[3 * c + 2] - az;
  const dx = x[3 * d] - ax, dy = x[3 * d + 1] - ay, dz = x[3 * d + 2] - az;
  const b2 = bx * bx + by * by + bz * bz, c2 = cx * cx + cy * cy + cz * cz, d2 = dx * dx + dy * dy + dz * dz;
  const det = 2 * (bx * (cy * dz - cz * dy) - by * (cx * dz - cz * dx) + bz * (cx * dy - cy * dx));
  if (det === 0) return Infinity;
  const ux = (b2 * (cy * dz - cz * dy) - c2 * (by * dz - bz * dy) + d2 * (by * cz - bz * cy)) / det;
  const uy = (bx * (c2 * dz - cz * d2) - cx * (b2 * dz - bz * d2) + dx * (b2 * cz - bz * c2)) / det;
  const uz = (bx * (cy * d2 - c2 * dy) - cx * (by * d2 - b2 * dy) + dx * (by * c2 - b2 * cy)) / det;
  out[0] = ax + ux;
  out[1] = ay + uy;
  out[2] = az + uz;
  return ux * ux + uy * uy + uz * uz;
}

/** Circumcentre of triangle (a, b, c) in its plane into out; returns the squared radius. */
export function triangleCircumcentre(x: Float64Array, a: number, b: number, c: number, out: Float64Array): number {
  const ax = x[3 * a], ay = x[3 * a + 1], az = x[3 * a + 2];
  const ux = x[3 * b] - ax, uy = x[3 * b + 1] - ay, uz = x[3 * b + 2] - az;
  const vx = x[3 * c] - ax, vy = x[3 * c + 1] - ay, vz = x[3 * c + 2] - az;
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const n2 = nx * nx + ny * ny + nz * nz;
  const u2 = ux * ux + uy * uy + uz * uz, v2 = vx * vx + vy * vy + vz * vz;
  if (n2 === 0) return Infinity;
  // ((|u|^2 v - |v|^2 u) x n) / (2 |n|^2)
  const wx = u2 * vx - v2 * ux, wy = u2 * vy - v2 * uy, wz = u2 * vz - v2 * uz;
  const ox = (wy * nz - wz * ny) / (2 * n2), oy = (wz * nx - wx * nz) / (2 * n2), oz = (wx * ny - wy * nx) / (2 * n2);
  out[0] = ax + ox;
  out[1] = ay + oy;
  out[2] = az + oz;
  return ox * ox + oy * oy + oz * oz;
}
