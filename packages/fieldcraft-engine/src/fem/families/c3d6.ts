// C3D6 and C3D15: the linear and quadratic wedges, as swept triangles make them, with CalculiX's rules (2 and 9 points).
import { tabulate } from "./tabulate.js";
import {
  WEDGE_2_POINTS, WEDGE_9_POINTS, WEDGE_CORNERS, WEDGE_EDGES, WEDGE_FACE_CORNERS, WEDGE15_REFERENCE,
  wedge15Derivatives, wedge15Shape, wedge6Derivatives, wedge6Shape, wedgeExtrapolation, wedgeFaces,
} from "./wedge.js";
import type { ElementFamily } from "./types.js";

/** Nastran PLOAD4 on a CPENTA face: G1 a corner of the face and G34 the corner diagonally opposite on a quadrilateral (its third corner on a triangle). */
const pentaPressureGrids = (side: number): [number, number] => [WEDGE_FACE_CORNERS[side][0], WEDGE_FACE_CORNERS[side][2]];

export const C3D6: ElementFamily = {
  name: "C3D6",
  description: "6-node linear wedge (2 points: the triangle's centroid at 2 Gauss heights)",
  shape: "wedge",
  dimension: 3,
  order: 1,
  nodes: 6,
  corners: 6,
  edges: WEDGE_EDGES,
  faces: wedgeFaces(false),
  reference: WEDGE_CORNERS,
  shapeFunctions: wedge6Shape,
  shapeDerivatives: wedge6Derivatives,
  rules: { full: WEDGE_2_POINTS },
  integration: "full",
  element: tabulate("C3D6", 3, 6, WEDGE_2_POINTS, wedge6Shape, wedge6Derivatives, wedgeExtrapolation(WEDGE_CORNERS, WEDGE_2_POINTS)),
  decks: {
    abaqus: "C3D6",
    nastran: { card: "CPENTA", pressureGrids: pentaPressureGrids },
    // A degenerate 8-node solid (LS-DYNA's pentahedron: n5 = n6, n7 = n8), the quadrilateral 4-5-2-1 as its base.
    lsdyna: { elform: 1, nodes: [3, 4, 1, 0, 5, 5, 2, 2] },
  },
};

// Nastran's 15-node CPENTA lists the vertical mid-edges (CalculiX 13-15) before the top ones (CalculiX 10-12).
const NASTRAN_15 = [0, 1, 2, 3, 4, 5, 6, 7, 8, 12, 13, 14, 9, 10, 11];

export const C3D15: ElementFamily = {
  name: "C3D15",
  description: "15-node quadratic wedge (9 points: 3 on the triangle at 3 Gauss heights)",
  shape: "wedge",
  dimension: 3,
  order: 2,
  nodes: 15,
  corners: 6,
  edges: WEDGE_EDGES,
  faces: wedgeFaces(true),
  reference: WEDGE15_REFERENCE,
  shapeFunctions: wedge15Shape,
  shapeDerivatives: wedge15Derivatives,
  rules: { full: WEDGE_9_POINTS },
  integration: "full",
  element: tabulate("C3D15", 3, 15, WEDGE_9_POINTS, wedge15Shape, wedge15Derivatives, wedgeExtrapolation(WEDGE15_REFERENCE, WEDGE_9_POINTS)),
  decks: {
    abaqus: "C3D15",
    nastran: { card: "CPENTA", pressureGrids: pentaPressureGrids, nodes: NASTRAN_15 },
    // LS-DYNA has no 15-node pentahedron: a 20-node solid collapsed as the linear wedge is (top face to an edge,
    // mid-edge nodes on the collapsed edges repeated). Written from the manuals' node orders; not run in LS-DYNA.
    lsdyna: { elform: 23, nodes: [3, 4, 1, 0, 5, 5, 2, 2, 9, 13, 6, 12, 11, 10, 7, 8, 5, 14, 2, 14], keyword: "*ELEMENT_SOLID_H20" },
  },
};
