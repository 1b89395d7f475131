// Planar families (dimension 2, two unknowns per node): CPS (plane stress), CPE (plane strain) and CAX
// (axisymmetric about the y axis: x is the radius) in triangles and quadrilaterals of order 1 and 2, in
// CalculiX node numbering and with its integration (tri: 1 / 3 points; quad: 2x2; quad8: 3x3 Gauss).
// The "faces" of a planar element are its edges: side k runs from corner k to corner k + 1 (CalculiX's S(k+1)).
import { LINE2, LINE3 } from "./line.js";
import { tabulate } from "./tabulate.js";
import { TRIANGLE_3_POINTS } from "./triangle.js";
import type { ElementFamily, PlanarKind, QuadratureRule } from "./types.js";

type Shape2 = "triangle" | "quadrilateral";

interface Reference2 {
  reference: number[][];
  edges: [number, number][];
  shapeFunctions(xi: readonly number[]): number[];
  shapeDerivatives(xi: readonly number[]): number[][];
  /** The linear (corner) field: what extrapolation fits to the point values. */
  cornerShape(xi: readonly number[]): number[];
}

const TRI_EDGES: [number, number][] = [[0, 1], [1, 2], [2, 0]];
const QUAD_EDGES: [number, number][] = [[0, 1], [1, 2], [2, 3], [3, 0]];

const tri3 = ([s, t]: readonly number[]) => [1 - s - t, s, t];
const quad4 = ([x, y]: readonly number[]) => [(1 - x) * (1 - y) / 4, (1 + x) * (1 - y) / 4, (1 + x) * (1 + y) / 4, (1 - x) * (1 + y) / 4];

const REFERENCES: Record<`${Shape2}${1 | 2}`, Reference2> = {
  triangle1: {
    reference: [[0, 0], [1, 0], [0, 1]],
    edges: TRI_EDGES,
    shapeFunctions: tri3,
    shapeDerivatives: () => [[-1, -1], [1, 0], [0, 1]],
    cornerShape: tri3,
  },
  triangle2: {
    reference: [[0, 0], [1, 0], [0, 1], [0.5, 0], [0.5, 0.5], [0, 0.5]],
    edges: TRI_EDGES,
    shapeFunctions([s, t]) {
      const l = 1 - s - t;
      return [l * (2 * l - 1), s * (2 * s - 1), t * (2 * t - 1), 4 * l * s, 4 * s * t, 4 * t * l];
    },
    shapeDerivatives([s, t]) {
      const l = 1 - s - t;
      return [[1 - 4 * l, 1 - 4 * l], [4 * s - 1, 0], [0, 4 * t - 1], [4 * (l - s), -4 * s], [4 * t, 4 * s], [-4 * t, 4 * (l - t)]];
    },
    cornerShape: tri3,
  },
  quadrilateral1: {
    reference: [[-1, -1], [1, -1], [1, 1], [-1, 1]],
    edges: QUAD_EDGES,
    shapeFunctions: quad4,
    shapeDerivatives: ([x, y]) => [[-(1 - y) / 4, -(1 - x) / 4], [(1 - y) / 4, -(1 + x) / 4], [(1 + y) / 4, (1 + x) / 4], [-(1 + y) / 4, (1 - x) / 4]],
    cornerShape: quad4,
  },
  quadrilateral2: {
    reference: [[-1, -1], [1, -1], [1, 1], [-1, 1], [0, -1], [1, 0], [0, 1], [-1, 0]],
    edges: QUAD_EDGES,
    shapeFunctions([x, y]) {
      const c = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => ((1 + a * x) * (1 + b * y) * (a * x + b * y - 1)) / 4);
      return [...c, ((1 - x * x) * (1 - y)) / 2, ((1 + x) * (1 - y * y)) / 2, ((1 - x * x) * (1 + y)) / 2, ((1 - x) * (1 - y * y)) / 2];
    },
    shapeDerivatives([x, y]) {
      const c = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([a, b]) => [
        (a * (1 + b * y) * (2 * a * x + b * y)) / 4,
        (b * (1 + a * x) * (a * x + 2 * b * y)) / 4,
      ]);
      return [...c, [-x * (1 - y), -(1 - x * x) / 2], [(1 - y * y) / 2, -y * (1 + x)], [-x * (1 + y), (1 - x * x) / 2], [-(1 - y * y) / 2, -y * (1 - x)]];
    },
    cornerShape: quad4,
  },
};

const gauss = (pts: number[], w: number[]): QuadratureRule => ({
  points: pts.flatMap((y) => pts.map((x) => [x, y])),
  weights: w.flatMap((wy) => w.map((wx) => wx * wy)),
});
const G2 = 1 / Math.sqrt(3), G3 = Math.sqrt(0.6);
export const QUAD_GAUSS_2X2 = gauss([-G2, G2], [1, 1]);
export const QUAD_GAUSS_3X3 = gauss([-G3, 0, G3], [5 / 9, 8 / 9, 5 / 9]);
export const TRIANGLE_CENTROID: QuadratureRule = { points: [[1 / 3, 1 / 3]], weights: [1 / 2] };

/** Least-squares fit of the corner (linear/bilinear) field to the point values, evaluated at each node. */
function extrapolation(ref: Reference2, rule: QuadratureRule): number[][] {
  const A = rule.points.map((p) => ref.cornerShape(p)); // q x c
  const c = A[0].length, q = A.length;
  if (q < c) return ref.reference.map(() => rule.points.map(() => 1 / q)); // one point: constant
  // (A^T A)^{-1} A^T by Gauss-Jordan on the c x c normal matrix.
  const M = Array.from({ length: c }, (_, i) => Array.from({ length: c }, (_, j) => A.reduce((s, row) => s + row[i] * row[j], 0)));
  const inv: number[][] = M.map((_, i) => Array.from({ length: c }, (_, j) => (i === j ? 1 : 0) as number));
  for (let k = 0; k < c; k++) {
    let piv = k;
    for (let r = k + 1; r < c; r++) if (Math.abs(M[r][k]) > Math.abs(M[piv][k])) piv = r;
    [M[k], M[piv]] = [M[piv], M[k]];
    [inv[k], inv[piv]] = [inv[piv], inv[k]];
    const d = M[k][k];
    for (let j = 0; j < c; j++) { M[k][j] /= d; inv[k][j] /= d; }
    for (let r = 0; r < c; r++) {
      if (r === k) continue;
      const f = M[r][k];
      for (let j = 0; j < c; j++) { M[r][j] -= f * M[k][j]; inv[r][j] -= f * inv[k][j]; }
    }
  }
  return ref.reference.map((x) => {
    const n = ref.cornerShape(x);
    return A.map((_, p) => n.reduce((s, nk, k) => s + nk * inv[k].reduce((t, v, j) => t + v * A[p][j], 0), 0));
  });
}

const PREFIX: Record<PlanarKind, { prefix: "CPS" | "CPE" | "CAX"; words: string; nastran: string; elform: number }> = {
  plane_stress: { prefix: "CPS", words: "plane stress", nastran: "CPLSTS", elform: 12 },
  plane_strain: { prefix: "CPE", words: "plane strain", nastran: "CPLSTN", elform: 13 },
  axisymmetric: { prefix: "CAX", words: "axisymmetric", nastran: "CAX", elform: 15 },
};

/** One planar family row; `reduced` picks CalculiX's R variant (2x2 for the 8-node quadrilateral). */
export function planarFamily(kind: PlanarKind, shape: Shape2, order: 1 | 2): ElementFamily {
  const ref = REFERENCES[`${shape}${order}`];
  const corners = shape === "triangle" ? 3 : 4;
  const nodes = ref.reference.length;
  const { prefix, words, nastran, elform } = PREFIX[kind];
  const name = `${prefix}${nodes}`;
  const full = shape === "triangle" ? (order === 1 ? TRIANGLE_CENTROID : TRIANGLE_3_POINTS) : order === 1 ? QUAD_GAUSS_2X2 : QUAD_GAUSS_3X3;
  const reduced = shape === "quadrilateral" && order === 2 ? QUAD_GAUSS_2X2 : undefined;
  const nastranCard = kind === "axisymmetric" ? (shape === "triangle" ? `CTRAX${nodes === 3 ? 3 : 6}` : `CQUADX${nodes === 4 ? 4 : 8}`) : `${nastran}${nodes}`;
  return {
    name,
    description: `${nodes}-node ${order === 1 ? "linear" : "quadratic"} ${shape}, ${words}`,
    shape,
    dimension: 2,
    planar: kind,
    order,
    nodes,
    corners,
    edges: ref.edges,
    faces: ref.edges.map(([a, b], k) => ({
      nodes: order === 2 ? [a, b, corners + k] : [a, b],
      corners: 2,
      surface: order === 2 ? LINE3 : LINE2,
      triangles: [],
    })),
    reference: ref.reference,
    shapeFunctions: ref.shapeFunctions,
    shapeDerivatives: ref.shapeDerivatives,
    rules: reduced ? { full, reduced } : { full },
    integration: "full",
    element: tabulate(name, 2, nodes, full, ref.shapeFunctions, ref.shapeDerivatives, extrapolation(ref, full)),
    decks: {
      abaqus: name,
      nastran: { card: nastranCard, pressureGrids: (side) => [ref.edges[side][0], ref.edges[side][1]] },
      lsdyna: { elform, nodes: shape === "triangle" ? [0, 1, 2, 2] : [0, 1, 2, 3] },
    },
  };
}

export const CPS3 = planarFamily("plane_stress", "triangle", 1);
export const CPS4 = planarFamily("plane_stress", "quadrilateral", 1);
export const CPS6 = planarFamily("plane_stress", "triangle", 2);
export const CPS8 = planarFamily("plane_stress", "quadrilateral", 2);
export const CPE3 = planarFamily("plane_strain", "triangle", 1);
export const CPE4 = planarFamily("plane_strain", "quadrilateral", 1);
export const CPE6 = planarFamily("plane_strain", "triangle", 2);
export const CPE8 = planarFamily("plane_strain", "quadrilateral", 2);
export const CAX3 = planarFamily("axisymmetric", "triangle", 1);
export const CAX4 = planarFamily("axisymmetric", "quadrilateral", 1);
export const CAX6 = planarFamily("axisymmetric", "triangle", 2);
export const CAX8 = planarFamily("axisymmetric", "quadrilateral", 2);

