// Shared mesh contract between the mesher, the solver, the model, the decks and the renderer.
// Node and element indices are 0-based inside the engine; ids shown to users are index + 1.
export type ElementType = "C3D4" | "C3D10";

export const NODES_PER_ELEMENT: Record<ElementType, number> = { C3D4: 4, C3D10: 10 };

/**
 * Abaqus/CalculiX node order. C3D10: corners 1-4, then mid-edge nodes
 * 5 (1-2), 6 (2-3), 7 (3-1), 8 (1-4), 9 (2-4), 10 (3-4).
 * Local faces (Abaqus S1..S4 as side 0..3): S1 (1,2,3), S2 (1,4,2), S3 (2,4,3), S4 (3,4,1).
 */
export const TET_FACE_CORNERS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 1, 2],
  [0, 3, 1],
  [1, 3, 2],
  [2, 3, 0],
];

/** Mid-edge nodes of each local face, in the order of the face's corner pairs (c0-c1, c1-c2, c2-c0). */
export const TET10_FACE_MIDS: ReadonlyArray<readonly [number, number, number]> = [
  [4, 5, 6],
  [7, 8, 4],
  [8, 9, 5],
  [9, 7, 6],
];

export interface FaceTag {
  body: string;
  face: string;
}

export interface Mesh {
  type: ElementType;
  /** x, y, z per node. */
  nodes: Float64Array;
  /** NODES_PER_ELEMENT[type] node indices per element, in Abaqus order; every element has positive volume. */
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
}

export function nodeCount(mesh: Mesh): number {
  return mesh.nodes.length / 3;
}

export function elementCount(mesh: Mesh): number {
  return mesh.elements.length / NODES_PER_ELEMENT[mesh.type];
}
