// Shared mesh contract between the mesher, the solver, the model, the decks and the renderer.
// Node and element indices are 0-based inside the engine; ids shown to users are index + 1.
import { FAMILIES, TET_FACE_CORNERS, TET_FACE_MIDS, family, type ElementFamily, type FamilyName } from "../fem/families/index.js";

/** The mesh's element family (a row of `src/fem/families`). */
export type ElementType = FamilyName;

/** Nodes per element of each family (from the rows). */
export const NODES_PER_ELEMENT = Object.fromEntries(Object.values(FAMILIES).map((f) => [f.name, f.nodes])) as Record<ElementType, number>;

/** The tetrahedron's local faces (Abaqus S1..S4 as side 0..3), for the tet meshers; families carry their own. */
export { TET_FACE_CORNERS };

/** Mid-edge nodes of each tetrahedron face, in the order of the face's corner pairs (c0-c1, c1-c2, c2-c0). */
export const TET10_FACE_MIDS = TET_FACE_MIDS;

/** The family row of a mesh. */
export function meshFamily(mesh: Mesh): ElementFamily {
  return family(mesh.type);
}

export interface FaceTag {
  body: string;
  face: string;
}

export interface Mesh {
  type: ElementType;
  /** x, y, z per node. */
  nodes: Float64Array;
  /** The family's node count of indices per element, in its CalculiX order; every element has positive volume. */
  elements: Int32Array;
  /** Index into `bodies` per element. */
  elementBody: Int32Array;
  bodies: string[];
  /**
   * Boundary facets: the element and its local side (0..3), and which named face of the design
   * the facet lies on (index into `faceTags`).
   */
  boundary: {
    element: Int32Array;
    side: Uint8Array;
    tag: Int32Array;
  };
  faceTags: FaceTag[];
  /** Tied interfaces between cells meshed apart (mesh.cells): each slave node follows its master face. */
  ties?: MeshTie[];
}

/** A tied interface: slave nodes on one cell's face interpolated on the other cell's face (its element's face shape functions). */
export interface MeshTie {
  name: string;
  /** The faces of each side (a composed partition's cut face may lie on several cells). */
  slave: FaceTag[];
  master: FaceTag[];
  /** Slave node indices. */
  slaves: number[];
  /** Per slave: the master face's nodes and their weights (shape functions at the slave's point). */
  masters: number[][];
  weights: number[][];
}

export function nodeCount(mesh: Mesh): number {
  return mesh.nodes.length / 3;
}

export function elementCount(mesh: Mesh): number {
  return mesh.elements.length / family(mesh.type).nodes;
}
