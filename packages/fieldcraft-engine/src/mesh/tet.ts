// Small tetrahedron helpers shared by the meshers and the quality report.
import { TET_FACE_CORNERS } from "./types.js";

/** Six times the signed volume of tet (a, b, c, d) with node coordinates in `xyz`. */
export function tetVolume6(xyz: Float64Array, a: number, b: number, c: number, d: number): number {
  const ax = xyz[3 * a], ay = xyz[3 * a + 1], az = xyz[3 * a + 2];
  const bx = xyz[3 * b] - ax, by = xyz[3 * b + 1] - ay, bz = xyz[3 * b + 2] - az;
  const cx = xyz[3 * c] - ax, cy = xyz[3 * c + 1] - ay, cz = xyz[3 * c + 2] - az;
  const dx = xyz[3 * d] - ax, dy = xyz[3 * d + 1] - ay, dz = xyz[3 * d + 2] - az;
  return bx * (cy * dz - cz * dy) - by * (cx * dz - cz * dx) + bz * (cx * dy - cy * dx);
}

/** Local side (0..3, Abaqus S1..S4) of a tet opposite its local corner 0..3. */
export const SIDE_OPPOSITE: readonly number[] = (() => {
  const out = [0, 0, 0, 0];
  TET_FACE_CORNERS.forEach((corners, side) => {
    const opposite = [0, 1, 2, 3].find((c) => !corners.includes(c))!;
    out[opposite] = side;
  });
  return out;
})();

/** The local side of tet `t` (4 corners at elems[4t..]) that does not contain node `node`. */
export function sideWithout(elems: Int32Array, t: number, node: number): number {
  for (let c = 0; c < 4; c++) if (elems[4 * t + c] === node) return SIDE_OPPOSITE[c];
  throw new Error("node not in tet");
}
