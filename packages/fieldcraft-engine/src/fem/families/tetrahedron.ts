// The tetrahedron's topology in Abaqus/CalculiX numbering, shared by its linear and quadratic families.
// Corners 1-4; local faces (side 0..3 = S1..S4): S1 (1,2,3), S2 (1,4,2), S3 (2,4,3), S4 (3,4,1).
// Mid-edge nodes 5 (1-2), 6 (2-3), 7 (3-1), 8 (1-4), 9 (2-4), 10 (3-4).

export const TET_FACE_CORNERS: ReadonlyArray<readonly [number, number, number]> = [
  [0, 1, 2],
  [0, 3, 1],
  [1, 3, 2],
  [2, 3, 0],
];

export const TET_EDGES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 2],
  [2, 0],
  [0, 3],
  [1, 3],
  [2, 3],
];

/** The local mid-edge node between two corners (4 + the edge's index). */
function midOf(a: number, b: number): number {
  const k = TET_EDGES.findIndex(([p, q]) => (p === a && q === b) || (p === b && q === a));
  return 4 + k;
}

/** Mid-edge nodes of each face, in the order of its corner pairs (c0-c1, c1-c2, c2-c0). */
export const TET_FACE_MIDS: ReadonlyArray<readonly [number, number, number]> = TET_FACE_CORNERS.map(
  ([a, b, c]) => [midOf(a, b), midOf(b, c), midOf(c, a)] as const,
);

/** The corner off a face (for Nastran's PLOAD4 and the facet's outward side). */
export function oppositeCorner(side: number): number {
  const [a, b, c] = TET_FACE_CORNERS[side];
  return 6 - a - b - c;
}

export const TET_REFERENCE: readonly (readonly number[])[] = [
  [0, 0, 0],
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
