// The finite-element core: element families (rows), forms (integrands), generic assembly over any number of
// unknowns per node, the shared linear-solve steps, and linear static analysis of solid meshes.
export type { ElasticMaterial, StaticProblem, SolveOptions, StaticSolution } from "./types.js";
export { solveStatic, SOLVE_DEFAULTS, estimateSolveBytes, type StaticResult } from "./solve-static.js";
export { tractionLoad, pressureLoad, spreadForce, facetArea, facetNodes, facetsWithTags, type Facets, type SpreadResult } from "./loads.js";
export { sumReactions } from "./reactions.js";
export { vonMises } from "./stress.js";
export { materialProblem } from "./material.js";
export { FAMILIES, FAMILY_NAMES, family, familyOf, type ElementFamily, type FamilyName, type TabulatedElement } from "./families/index.js";
export { ELASTIC_STIFFNESS, CONDUCTION, massForm, type ElementForm } from "./forms/index.js";
export { assembleForm, gatherCoords } from "./assembly.js";
export { applyPrescribed, type ConstrainedSystem } from "./constraints.js";
export { computeReactions } from "./reactions.js";
export { solveSystem, patternWithinMemory, dofCapFailure, type LinearSolveOptions } from "./linear-solve.js";
export { constantModes } from "./solvers/amg/tentative.js";
export { solvePlanar, planarNodalStress, type PlanarProblem, type PlanarResult } from "./solve-planar.js";
export { planarEdgeLoad, planarEdgeLength } from "./planar-loads.js";
