// What meshing one body gives before the bodies are joined: linear tets and tagged boundary facets.
export interface BodyMesh {
  nodes: Float64Array;
  /** 4 node indices per tet, positive volume. */
  tets: Int32Array;
  facetElement: Int32Array;
  facetSide: Uint8Array;
  /** Index into the body's faces. */
  facetFace: Int32Array;
  method: string;
  size: number;
  /** The general mesher's measured quality (imported bodies). */
  quality?: { minDihedral: number; maxRadiusEdge: number };
}
