// An element family as one row: topology (corners, mid-side nodes, faces in CalculiX numbering), the reference
// element with its shape functions and quadrature rules, extrapolation to nodes, how its faces are drawn and
// loaded, and its name in each deck format. Everything outside the rows reads these fields, never a name.
// This folder imports nothing from the rest of the engine: the mesher, the solver, the decks and the renderer share it.

/** Points in natural coordinates of the reference element and their weights (summing to its measure). */
export interface QuadratureRule {
  points: readonly (readonly number[])[];
  weights: readonly number[];
}

/** The shape of a face: what integrating a traction, pressure or flux over it needs. */
export interface SurfaceShape {
  name: string;
  nodes: number;
  /** Rule on the reference face (natural coordinates s, t). */
  rule: QuadratureRule;
  /** Shape values, d/ds and d/dt at (s, t), one entry per face node. */
  evaluate(s: number, t: number): { N: number[]; dS: number[]; dT: number[] };
}

export interface FamilyFace {
  /**
   * Local nodes of the face: its corners in CalculiX face order (winding into the element), then, for
   * quadratic families, its mid-side nodes, mid-side k lying between corner k and corner k + 1.
   */
  nodes: readonly number[];
  corners: number;
  surface: SurfaceShape;
  /** Triangles over `nodes` (indices into it) that draw the face and are picked, in the face's winding. */
  triangles: readonly (readonly [number, number, number])[];
}

/** A family's element tabulated at its integration points: what assembly and stress recovery read. */
export interface TabulatedElement {
  type: string;
  /** Reference dimension (3 for solids; 2 for planar families). */
  dimension: number;
  nodes: number;
  points: number;
  /** Weights in the reference measure (a tetrahedron's is 1/6). */
  weights: Float64Array;
  /** Shape values, points x nodes. */
  shape: Float64Array;
  /** Reference derivatives dN/d(xi, eta, zeta), points x nodes x dimension. */
  derivatives: Float64Array;
  /** Extrapolation from integration points to nodes, nodes x points (row i: weights of the point values for node i). */
  toNodes: Float64Array;
  /**
   * One-point elements with hourglass control (C3D8R): the stiffness uses the element's mean (uniform-strain)
   * gradients, integrated exactly with `exact`, plus hourglass stiffness scaled by `hourglass` (see
   * forms/uniform-strain.ts) instead of the gradients at `points`.
   */
  uniformStrain?: { exact: TabulatedElement; hourglass: number };
}

export interface DeckNames {
  /** Abaqus/CalculiX `*ELEMENT, TYPE=`. */
  abaqus: string;
  /** Nastran element card, and for PLOAD4 on a face the local nodes G1 (on the face) and G3/G4 (the card's second grid). */
  nastran: { card: string; pressureGrids(side: number): [number, number]; /** Local nodes in the card's grid order when it differs from CalculiX's. */ nodes?: readonly number[] };
  /** LS-DYNA `*SECTION_SOLID` ELFORM and the node list of `*ELEMENT_SOLID` (local indices, degenerate forms repeat). */
  lsdyna: { elform: number; nodes: readonly number[]; /** The element keyword when not `*ELEMENT_SOLID` (20-node solids: `*ELEMENT_SOLID_H20`). */ keyword?: string };
}

/** What a planar family's third direction is: a thin plate, a long prism, or revolution about the y axis. */
export type PlanarKind = "plane_stress" | "plane_strain" | "axisymmetric";

export interface ElementFamily {
  /** The family's name as CalculiX spells it (C3D4, C3D10, ...): the mesh's `type`. */
  name: string;
  description: string;
  shape: "tetrahedron" | "hexahedron" | "wedge" | "triangle" | "quadrilateral";
  dimension: number;
  /** Planar families (dimension 2) only: their out-of-plane assumption (CPS, CPE, CAX). */
  planar?: PlanarKind;
  order: 1 | 2;
  nodes: number;
  /** The first `corners` local nodes are the corners; the rest are mid-side nodes. */
  corners: number;
  /** Corner pairs of the edges; for quadratic families the mid-side node of edge k is local node corners + k. */
  edges: readonly (readonly [number, number])[];
  /** Faces by local side (side k is CalculiX's S(k + 1)). */
  faces: readonly FamilyFace[];
  /** Natural coordinates of each local node in the reference element. */
  reference: readonly (readonly number[])[];
  shapeFunctions(xi: readonly number[]): number[];
  shapeDerivatives(xi: readonly number[]): number[][];
  rules: { full: QuadratureRule; reduced?: QuadratureRule };
  /** Which rule the stiffness uses (CalculiX's choice for the family). */
  integration: "full" | "reduced";
  /** The element tabulated at that rule, with its extrapolation to nodes. */
  element: TabulatedElement;
  /**
   * The family with the same nodes integrated fully, when this one is not (C3D8R: C3D8). Heat transfer and mass
   * matrices use it, as CalculiX's heat elements do (a C3D8R heat deck is DC3D8).
   */
  fullyIntegrated?: string;
  decks: DeckNames;
}
