// The general boundary-conforming tet mesher (any closed manifold triangle surface) and its pieces.
export { meshClosedSurface, type ClosedSurface, type GeneralMeshOptions, type GeneralMesh, type GeneralMeshResult, type GeneralMeshQuality } from "./mesher.js";
export { meshSurfaceBody } from "./body.js";
