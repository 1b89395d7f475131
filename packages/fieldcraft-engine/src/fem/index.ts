// The finite-element core: linear static analysis of tetrahedral meshes.
export type { ElasticMaterial, StaticProblem, SolveOptions, StaticSolution } from "./types.js";
export { solveStatic, SOLVE_DEFAULTS, estimateSolveBytes, type StaticResult } from "./solve-static.js";
export { tractionLoad, pressureLoad, spreadForce, facetArea, facetNodes, facetsWithTags, type Facets, type SpreadResult } from "./loads.js";
export { sumReactions } from "./reactions.js";
export { vonMises } from "./stress.js";
export { materialProblem } from "./material.js";
