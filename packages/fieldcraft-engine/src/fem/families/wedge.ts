// The wedge (triangular prism) in CalculiX numbering, shared by C3D6 and C3D15: corners 1-3 on zeta = -1 (natural
// coordinates xi, eta on the triangle), 4-6 above them; mid-edge nodes (C3D15) 7-9 on the bottom edges, 10-12 on
// the top edges, 13-15 on the vertical edges. Faces (side 0..4 = S1..S5, Abaqus's order, winding into the element):
// S1 (1,2,3), S2 (4,6,5), S3 (1,4,5,2), S4 (2,5,6,3), S5 (3,6,4,1).
import { QUAD4, QUAD8 } from "./quadrilateral.js";
import { TRI3, TRI6 } from "./triangle.js";
import type { FamilyFace, QuadratureRule } from "./types.js";

export const WEDGE_CORNERS: readonly (readonly [number, number, number])[] = [
  [0, 0, -1], [1, 0, -1], [0, 1, -1],
  [0, 0, 1], [1, 0, 1], [0, 1, 1],
];

export const WEDGE_EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1], [1, 2], [2, 0],
  [3, 4], [4, 5], [5, 3],
  [0, 3], [1, 4], [2, 5],
];

export const WEDGE_FACE_CORNERS: ReadonlyArray<readonly number[]> = [
  [0, 1, 2],
  [3, 5, 4],
  [0, 3, 4, 1],
  [1, 4, 5, 2],
  [2, 5, 3, 0],
];

const midOf = (a: number, b: number) => 6 + WEDGE_EDGES.findIndex(([p, q]) => (p === a && q === b) || (p === b && q === a));

export function wedgeFaces(quadratic: boolean): FamilyFace[] {
  return WEDGE_FACE_CORNERS.map((c) => {
    const mids = c.map((a, k) => midOf(a, c[(k + 1) % c.length]));
    if (c.length === 3)
      return quadratic
        ? { nodes: [...c, ...mids], corners: 3, surface: TRI6, triangles: [[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]] as const }
        : { nodes: c, corners: 3, surface: TRI3, triangles: [[0, 1, 2]] as const };
    return quadratic
      ? { nodes: [...c, ...mids], corners: 4, surface: QUAD8, triangles: [[0, 4, 7], [4, 1, 5], [5, 2, 6], [7, 6, 3], [4, 5, 6], [4, 6, 7]] as const }
      : { nodes: c, corners: 4, surface: QUAD4, triangles: [[0, 1, 2], [0, 2, 3]] as const };
  });
}

export const WEDGE15_REFERENCE: readonly (readonly number[])[] = [
  ...WEDGE_CORNERS,
  ...WEDGE_EDGES.map(([a, b]) => WEDGE_CORNERS[a].map((v, c) => (v + WEDGE_CORNERS[b][c]) / 2)),
];

/** Linear wedge: triangle coordinates times (1 -+ zeta) / 2. */
export function wedge6Shape([x, y, z]: readonly number[]): number[] {
  const l = [1 - x - y, x, y];
  return [...l.map((v) => (v * (1 - z)) / 2), ...l.map((v) => (v * (1 + z)) / 2)];
}

export function wedge6Derivatives([x, y, z]: readonly number[]): number[][] {
  const l = [1 - x - y, x, y], dl = [[-1, -1], [1, 0], [0, 1]];
  const out: number[][] = [];
  for (const s of [-1, 1]) for (let i = 0; i < 3; i++) out.push([(dl[i][0] * (1 + s * z)) / 2, (dl[i][1] * (1 + s * z)) / 2, (s * l[i]) / 2]);
  return out;
}

/** 15-node wedge (CalculiX's shape15w): quadratic on the triangle, quadratic along zeta. */
export function wedge15Shape([x, y, z]: readonly number[]): number[] {
  const l = [1 - x - y, x, y];
  const out: number[] = [];
  for (const s of [-1, 1]) for (let i = 0; i < 3; i++) out.push(0.5 * l[i] * (2 * l[i] - 1) * (1 + s * z) - 0.5 * l[i] * (1 - z * z));
  for (const s of [-1, 1]) for (let i = 0; i < 3; i++) out.push(2 * l[i] * l[(i + 1) % 3] * (1 + s * z));
  for (let i = 0; i < 3; i++) out.push(l[i] * (1 - z * z));
  return out;
}

export function wedge15Derivatives([x, y, z]: readonly number[]): number[][] {
  const l = [1 - x - y, x, y], dl = [[-1, -1], [1, 0], [0, 1]];
  const out: number[][] = [];
  for (const s of [-1, 1])
    for (let i = 0; i < 3; i++) {
      const a = (4 * l[i] - 1) * 0.5 * (1 + s * z) - 0.5 * (1 - z * z); // d/dl_i
      out.push([a * dl[i][0], a * dl[i][1], 0.5 * l[i] * (2 * l[i] - 1) * s + l[i] * z]);
    }
  for (const s of [-1, 1])
    for (let i = 0; i < 3; i++) {
      const j = (i + 1) % 3, f = 2 * (1 + s * z);
      out.push([f * (dl[i][0] * l[j] + l[i] * dl[j][0]), f * (dl[i][1] * l[j] + l[i] * dl[j][1]), 2 * s * l[i] * l[j]]);
    }
  for (let i = 0; i < 3; i++) out.push([dl[i][0] * (1 - z * z), dl[i][1] * (1 - z * z), -2 * z * l[i]]);
  return out;
}

/** CalculiX's wedge rules: gauss3d7 (triangle centroid x 2 Gauss points) and gauss3d8 (3-point triangle x 3). */
const G2 = 1 / Math.sqrt(3), G3 = Math.sqrt(0.6);
export const WEDGE_2_POINTS: QuadratureRule = { points: [[1 / 3, 1 / 3, -G2], [1 / 3, 1 / 3, G2]], weights: [0.5, 0.5] };
export const WEDGE_9_POINTS: QuadratureRule = {
  points: [-G3, 0, G3].flatMap((z) => [[1 / 6, 1 / 6, z], [2 / 3, 1 / 6, z], [1 / 6, 2 / 3, z]]),
  weights: [5 / 9, 8 / 9, 5 / 9].flatMap((w) => [w / 6, w / 6, w / 6]),
};

/** Nodal values from the points: linear in (xi, eta) through a level's points, Lagrange in zeta through the levels. */
export function wedgeExtrapolation(reference: readonly (readonly number[])[], rule: QuadratureRule): number[][] {
  const levels = [...new Set(rule.points.map((p) => p[2]))].sort((a, b) => a - b);
  return reference.map(([x, y, z]) => {
    const row = new Array(rule.points.length).fill(0);
    levels.forEach((zl, li) => {
      let wz = 1;
      levels.forEach((zm, mi) => mi !== li && (wz *= (z - zm) / (zl - zm)));
      const at = rule.points.map((p, k) => [p, k] as const).filter(([p]) => p[2] === zl);
      if (at.length === 1) return void (row[at[0][1]] += wz);
      // Three points at (1/6,1/6), (2/3,1/6), (1/6,2/3): the linear field through them at (x, y).
      const a = 2 * (x - 1 / 6), b = 2 * (y - 1 / 6);
      row[at[0][1]] += wz * (1 - a - b);
      row[at[1][1]] += wz * a;
      row[at[2][1]] += wz * b;
    });
    return row;
  });
}
