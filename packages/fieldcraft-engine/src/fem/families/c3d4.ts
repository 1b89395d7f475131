// C3D4: linear tetrahedron, one integration point at the centroid (as CalculiX integrates it).
import { tabulate } from "./tabulate.js";
import { oppositeCorner, TET_EDGES, TET_FACE_CORNERS, TET_REFERENCE } from "./tetrahedron.js";
import { TRI3 } from "./triangle.js";
import type { ElementFamily, QuadratureRule } from "./types.js";

const shapeFunctions = ([xi, eta, zeta]: readonly number[]) => [1 - xi - eta - zeta, xi, eta, zeta];
const shapeDerivatives = () => [
  [-1, -1, -1],
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const CENTROID: QuadratureRule = { points: [[0.25, 0.25, 0.25]], weights: [1 / 6] };
// Constant strain: every node takes the single point's value.
const EXTRAPOLATION = [[1], [1], [1], [1]];

export const C3D4: ElementFamily = {
  name: "C3D4",
  description: "4-node linear tetrahedron (constant strain)",
  shape: "tetrahedron",
  dimension: 3,
  order: 1,
  nodes: 4,
  corners: 4,
  edges: TET_EDGES,
  faces: TET_FACE_CORNERS.map((corners) => ({ nodes: corners, corners: 3, surface: TRI3, triangles: [[0, 1, 2]] as const })),
  reference: TET_REFERENCE,
  shapeFunctions,
  shapeDerivatives,
  rules: { full: CENTROID },
  integration: "full",
  element: tabulate("C3D4", 3, 4, CENTROID, shapeFunctions, shapeDerivatives, EXTRAPOLATION),
  decks: {
    abaqus: "C3D4",
    nastran: { card: "CTETRA", pressureGrids: (side) => [TET_FACE_CORNERS[side][0], oppositeCorner(side)] },
    // ELFORM 10: 1-point tetrahedron; the 8-node card repeats N4 (the degenerate form).
    lsdyna: { elform: 10, nodes: [0, 1, 2, 3, 3, 3, 3, 3] },
  },
};
