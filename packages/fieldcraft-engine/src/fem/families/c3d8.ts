// C3D8: trilinear hexahedron, 2x2x2 Gauss points (CalculiX's full integration; locks in bending like CalculiX's).
import { tabulate } from "./tabulate.js";
import { extrapolateFromCube, hex8Derivatives, hex8Shape, HEX_CORNERS, HEX_EDGES, HEX_FACE_CORNERS, hexPressureGrids } from "./hexahedron.js";
import { GAUSS_1D_2, gaussProduct, QUAD4 } from "./quadrilateral.js";
import type { ElementFamily } from "./types.js";

const GAUSS_8 = gaussProduct(GAUSS_1D_2.points, GAUSS_1D_2.weights, 3);
// Points in xi-fastest order: corner k's nearest point.
export const CUBE_POINTS_2 = [0, 1, 3, 2, 4, 5, 7, 6];

export const C3D8: ElementFamily = {
  name: "C3D8",
  description: "8-node linear hexahedron (2x2x2 Gauss points)",
  shape: "hexahedron",
  dimension: 3,
  order: 1,
  nodes: 8,
  corners: 8,
  edges: HEX_EDGES,
  faces: HEX_FACE_CORNERS.map((corners) => ({ nodes: corners, corners: 4, surface: QUAD4, triangles: [[0, 1, 2], [0, 2, 3]] as const })),
  reference: HEX_CORNERS,
  shapeFunctions: hex8Shape,
  shapeDerivatives: hex8Derivatives,
  rules: { full: GAUSS_8 },
  integration: "full",
  element: tabulate("C3D8", 3, 8, GAUSS_8, hex8Shape, hex8Derivatives, extrapolateFromCube(HEX_CORNERS, GAUSS_1D_2.points[1], CUBE_POINTS_2, 8)),
  decks: {
    abaqus: "C3D8",
    nastran: { card: "CHEXA", pressureGrids: hexPressureGrids },
    // ELFORM 2: the fully integrated (selectively reduced) 8-node solid, the nearest LS-DYNA has to C3D8.
    lsdyna: { elform: 2, nodes: [0, 1, 2, 3, 4, 5, 6, 7] },
  },
};
