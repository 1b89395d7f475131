// Geometry: `.solidcraft` designs, their bodies, named faces and edges, and measures.
export * from "./types.js";
export { parseSolidcraft, readSolidcraftFile, buildDesign, MAX_DESIGN_BYTES, SUPPORTED_FORMAT, type ParseResult } from "./parse.js";
export { DESIGN_LIMITS } from "./schema.js";
export { BOX_SIDES, analyzeBoxUnion, type BoxUnionGeometry } from "./boxBody.js";
export { analyzeExtrusion, type ExtrudeGeometry } from "./extrudeBody.js";
export { MAX_GRID_CELLS } from "./boxGrid.js";
export { PLANE_AXES, planePoint } from "./planes.js";
