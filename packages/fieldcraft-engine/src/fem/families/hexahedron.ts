// The hexahedron's topology in CalculiX numbering, shared by C3D8(R) and C3D20(R), and its reference element.
// Corners 1-4 on zeta = -1 counter-clockwise seen from +zeta, 5-8 above them. Faces (side 0..5 = S1..S6):
// S1 (1,2,3,4), S2 (5,8,7,6), S3 (1,5,6,2), S4 (2,6,7,3), S5 (3,7,8,4), S6 (4,8,5,1), each winding into the element.
// Mid-edge nodes (C3D20): 9-12 on the bottom edges, 13-16 on the top edges, 17-20 on the vertical edges.
import { gaussProduct } from "./quadrilateral.js";

export const HEX_CORNERS: readonly (readonly [number, number, number])[] = [
  [-1, -1, -1], [1, -1, -1], [1, 1, -1], [-1, 1, -1],
  [-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1],
];

export const HEX_EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 2], [2, 3], [3, 0],
  [4, 5], [5, 6], [6, 7], [7, 4],
  [0, 4], [1, 5], [2, 6], [3, 7],
];

export const HEX_FACE_CORNERS: ReadonlyArray<readonly [number, number, number, number]> = [
  [0, 1, 2, 3],
  [4, 7, 6, 5],
  [0, 4, 5, 1],
  [1, 5, 6, 2],
  [2, 6, 7, 3],
  [3, 7, 4, 0],
];

function midOf(a: number, b: number): number {
  return 8 + HEX_EDGES.findIndex(([p, q]) => (p === a && q === b) || (p === b && q === a));
}

/** Mid-edge nodes of each face in the order of its corner pairs (c0-c1, c1-c2, c2-c3, c3-c0). */
export const HEX_FACE_MIDS: ReadonlyArray<readonly number[]> = HEX_FACE_CORNERS.map((c) => c.map((a, k) => midOf(a, c[(k + 1) % 4])));

export const HEX20_REFERENCE: readonly (readonly number[])[] = [
  ...HEX_CORNERS,
  ...HEX_EDGES.map(([a, b]) => HEX_CORNERS[a].map((v, c) => (v + HEX_CORNERS[b][c]) / 2)),
];

/** Nastran PLOAD4 on a CHEXA face: G1 a corner of the face and G3 the corner diagonally opposite on it. */
export function hexPressureGrids(side: number): [number, number] {
  const c = HEX_FACE_CORNERS[side];
  return [c[0], c[2]];
}

/** Trilinear shape functions of the 8 corners. */
export function hex8Shape([x, y, z]: readonly number[]): number[] {
  return HEX_CORNERS.map(([a, b, c]) => ((1 + a * x) * (1 + b * y) * (1 + c * z)) / 8);
}

export function hex8Derivatives([x, y, z]: readonly number[]): number[][] {
  return HEX_CORNERS.map(([a, b, c]) => [
    (a * (1 + b * y) * (1 + c * z)) / 8,
    ((1 + a * x) * b * (1 + c * z)) / 8,
    ((1 + a * x) * (1 + b * y) * c) / 8,
  ]);
}

/** 20-node serendipity shape functions (corners, then the mid-edge nodes in HEX_EDGES order). */
export function hex20Shape(xi: readonly number[]): number[] {
  return HEX20_REFERENCE.map((r) => {
    const [x, y, z] = xi;
    if (r.every((v) => v !== 0)) {
      const [a, b, c] = r;
      return ((1 + a * x) * (1 + b * y) * (1 + c * z) * (a * x + b * y + c * z - 2)) / 8;
    }
    // One natural coordinate is 0 on a mid-edge node: (1 - that^2) times the linear factors of the other two.
    let v = 0.25;
    for (let d = 0; d < 3; d++) v *= r[d] === 0 ? 1 - xi[d] * xi[d] : 1 + r[d] * xi[d];
    return v;
  });
}

export function hex20Derivatives(xi: readonly number[]): number[][] {
  return HEX20_REFERENCE.map((r) => {
    if (r.every((v) => v !== 0)) {
      const f = r.map((a, d) => 1 + a * xi[d]);
      const s = r[0] * xi[0] + r[1] * xi[1] + r[2] * xi[2] - 2;
      // d/dxi_d of f0 f1 f2 s / 8 = r_d * (product of the other two f) * (s + f_d) / 8
      return [0, 1, 2].map((d) => (r[d] * f[(d + 1) % 3] * f[(d + 2) % 3] * (s + f[d])) / 8);
    }
    const g = r.map((a, d) => (a === 0 ? 1 - xi[d] * xi[d] : 1 + a * xi[d]));
    const dg = r.map((a, d) => (a === 0 ? -2 * xi[d] : a));
    return [0, 1, 2].map((d) => (0.25 * dg[d] * g[(d + 1) % 3] * g[(d + 2) % 3]));
  });
}

/**
 * Extrapolation from a 2x2x2-style set of points at natural coordinate +-g (the 8 listed point indices, in
 * HEX_CORNERS sign order) to any node: the trilinear field through them, evaluated at the node scaled by 1/g.
 */
export function extrapolateFromCube(reference: readonly (readonly number[])[], g: number, cornerPoints: readonly number[], points: number): number[][] {
  return reference.map((r) => {
    const row = new Array(points).fill(0);
    hex8Shape(r.map((v) => v / g)).forEach((w, k) => (row[cornerPoints[k]] += w));
    return row;
  });
}

export const hexRule = gaussProduct;
