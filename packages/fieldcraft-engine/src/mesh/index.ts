// Meshing: tetrahedral meshes of design bodies, tagged by face name, and their quality.
export * from "./types.js";
export { generateTetMesh, type TetMeshResult, type TetMeshStats } from "./generate.js";
export { DEFAULT_DIVISIONS, DEFAULT_MAX_ELEMENTS, DEFAULT_MAX_NODES, type TetMeshOptions } from "./options.js";
export { TET10_EDGES } from "./quadratic.js";
export { meshQuality, type MeshQuality, type ElementQuality } from "./quality.js";
export { blockMesh, hexFamily, BLOCK_FACES, HEX_FAMILY_NAMES, type BlockOptions, type HexFamilyName } from "./block.js";
