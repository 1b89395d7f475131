// C3D20 (3x3x3 Gauss points) and C3D20R (2x2x2, CalculiX's reduced rule): the 20-node serendipity hexahedron.
import { tabulate } from "./tabulate.js";
import { CUBE_POINTS_2 } from "./c3d8.js";
import { extrapolateFromCube, hex20Derivatives, hex20Shape, HEX20_REFERENCE, HEX_EDGES, HEX_FACE_CORNERS, HEX_FACE_MIDS, hexPressureGrids } from "./hexahedron.js";
import { GAUSS_1D_2, GAUSS_1D_3, gaussProduct, QUAD8 } from "./quadrilateral.js";
import type { ElementFamily } from "./types.js";

const GAUSS_27 = gaussProduct(GAUSS_1D_3.points, GAUSS_1D_3.weights, 3);
const GAUSS_8 = gaussProduct(GAUSS_1D_2.points, GAUSS_1D_2.weights, 3);
// The 8 outer points of the 3x3x3 rule (xi fastest), nearest corner k: nodal values come from their trilinear field.
const CUBE_POINTS_3 = [0, 2, 8, 6, 18, 20, 26, 24];

// Each quadrilateral face drawn as 4 corner triangles and the mid-side diamond, so a deformed face bends.
const faces = HEX_FACE_CORNERS.map((corners, side) => ({
  nodes: [...corners, ...HEX_FACE_MIDS[side]],
  corners: 4,
  surface: QUAD8,
  triangles: [[0, 4, 7], [4, 1, 5], [5, 2, 6], [7, 6, 3], [4, 5, 6], [4, 6, 7]] as const,
}));

// Nastran's CHEXA puts the vertical mid-edges (CalculiX 17-20) before the top ones (CalculiX 13-16).
const NASTRAN_ORDER = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 12, 13, 14, 15];

const common = {
  shape: "hexahedron",
  dimension: 3,
  order: 2,
  nodes: 20,
  corners: 8,
  edges: HEX_EDGES,
  faces,
  reference: HEX20_REFERENCE,
  shapeFunctions: hex20Shape,
  shapeDerivatives: hex20Derivatives,
  rules: { full: GAUSS_27, reduced: GAUSS_8 },
} as const;

export const C3D20: ElementFamily = {
  ...common,
  name: "C3D20",
  description: "20-node quadratic hexahedron (3x3x3 Gauss points)",
  integration: "full",
  element: tabulate("C3D20", 3, 20, GAUSS_27, hex20Shape, hex20Derivatives, extrapolateFromCube(HEX20_REFERENCE, GAUSS_1D_3.points[2], CUBE_POINTS_3, 27)),
  decks: {
    abaqus: "C3D20",
    nastran: { card: "CHEXA", pressureGrids: hexPressureGrids, nodes: NASTRAN_ORDER },
    // ELFORM 23: LS-DYNA's 20-node solid (*ELEMENT_SOLID_H20).
    lsdyna: { elform: 23, nodes: NASTRAN_ORDER, keyword: "*ELEMENT_SOLID_H20" },
  },
};

export const C3D20R: ElementFamily = {
  ...common,
  name: "C3D20R",
  description: "20-node quadratic hexahedron, reduced integration (2x2x2 Gauss points)",
  integration: "reduced",
  element: tabulate("C3D20R", 3, 20, GAUSS_8, hex20Shape, hex20Derivatives, extrapolateFromCube(HEX20_REFERENCE, GAUSS_1D_2.points[1], CUBE_POINTS_2, 8)),
  decks: {
    abaqus: "C3D20R",
    nastran: { card: "CHEXA", pressureGrids: hexPressureGrids, nodes: NASTRAN_ORDER },
    lsdyna: { elform: 23, nodes: NASTRAN_ORDER, keyword: "*ELEMENT_SOLID_H20" },
  },
};
