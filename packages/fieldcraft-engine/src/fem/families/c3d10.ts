// C3D10: quadratic tetrahedron in Abaqus node order, the 4-point Gauss rule CalculiX uses (exact to degree 2).
import { tabulate } from "./tabulate.js";
import { oppositeCorner, TET_EDGES, TET_FACE_CORNERS, TET_FACE_MIDS, TET_REFERENCE } from "./tetrahedron.js";
import { TRI6 } from "./triangle.js";
import type { ElementFamily, QuadratureRule } from "./types.js";

const A = 0.1381966011250105; // (5 - sqrt 5) / 20
const B = 0.5854101966249685; // (5 + 3 sqrt 5) / 20

function shapeFunctions([xi, eta, zeta]: readonly number[]): number[] {
  const l1 = 1 - xi - eta - zeta, l2 = xi, l3 = eta, l4 = zeta;
  return [
    l1 * (2 * l1 - 1), l2 * (2 * l2 - 1), l3 * (2 * l3 - 1), l4 * (2 * l4 - 1),
    4 * l1 * l2, 4 * l2 * l3, 4 * l3 * l1, 4 * l1 * l4, 4 * l2 * l4, 4 * l3 * l4,
  ];
}

// Volume-coordinate gradients: dL1 = (-1,-1,-1), dL2 = e1, dL3 = e2, dL4 = e3.
const DL = [
  [-1, -1, -1],
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];

function shapeDerivatives([xi, eta, zeta]: readonly number[]): number[][] {
  const L = [1 - xi - eta - zeta, xi, eta, zeta];
  const out: number[][] = [];
  for (let i = 0; i < 4; i++) out.push(DL[i].map((g) => (4 * L[i] - 1) * g));
  for (const [i, j] of TET_EDGES) out.push([0, 1, 2].map((c) => 4 * (L[i] * DL[j][c] + L[j] * DL[i][c])));
  return out;
}

// Corner values come from the linear field through the 4 points; mid-edge nodes average their corners.
function extrapolation(): number[][] {
  // Point p sits at volume coordinates Lp; the linear field f(L) = sum_k L_k c_k through the points gives
  // c = M^{-1} f with M[p][k] = L_k(p): corner k takes c_k. M = (B - A) I + A * ones, so invert in closed form.
  const d = B - A;
  const corner: number[][] = [0, 1, 2, 3].map((k) => [0, 1, 2, 3].map((p) => (p === k ? 1 / d : 0) - A / (d * (d + 4 * A))));
  const rows = corner.slice();
  for (const [i, j] of TET_EDGES) rows.push(corner[i].map((v, p) => 0.5 * (v + corner[j][p])));
  return rows;
}

// Point k is the one nearest corner k (its volume coordinate L_{k+1} is B).
const GAUSS_4: QuadratureRule = {
  points: [
    [A, A, A], // L1 = B
    [B, A, A], // L2 = B
    [A, B, A], // L3 = B
    [A, A, B], // L4 = B
  ],
  weights: [1 / 24, 1 / 24, 1 / 24, 1 / 24],
};

const midpoint = (a: readonly number[], b: readonly number[]) => a.map((v, c) => (v + b[c]) / 2);

export const C3D10: ElementFamily = {
  name: "C3D10",
  description: "10-node quadratic tetrahedron",
  shape: "tetrahedron",
  dimension: 3,
  order: 2,
  nodes: 10,
  corners: 4,
  edges: TET_EDGES,
  // Each face drawn as 4 triangles split at its mid-edge nodes, so a deformed face bends.
  faces: TET_FACE_CORNERS.map((corners, side) => ({
    nodes: [...corners, ...TET_FACE_MIDS[side]],
    corners: 3,
    surface: TRI6,
    triangles: [[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]] as const,
  })),
  reference: [...TET_REFERENCE, ...TET_EDGES.map(([a, b]) => midpoint(TET_REFERENCE[a], TET_REFERENCE[b]))],
  shapeFunctions,
  shapeDerivatives,
  rules: { full: GAUSS_4 },
  integration: "full",
  element: tabulate("C3D10", 3, 10, GAUSS_4, shapeFunctions, shapeDerivatives, extrapolation()),
  decks: {
    abaqus: "C3D10",
    nastran: { card: "CTETRA", pressureGrids: (side) => [TET_FACE_CORNERS[side][0], oppositeCorner(side)] },
    // ELFORM 16: the 10-node tetrahedron.
    lsdyna: { elform: 16, nodes: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] },
  },
};
