// The forms the engine's analyses assemble; a new physics adds its integrand here (or in its own row).
export type { ElementForm } from "./types.js";
export { ELASTIC_STIFFNESS, elementStiffness, type LameConstants } from "./elasticity.js";
export { massForm } from "./mass.js";
export { CONDUCTION } from "./conduction.js";
export { planarElasticity, planarB, planarD, planarStrains, type PlanarConstants } from "./planar-elasticity.js";
export { planarConduction, type PlanarConductionConstants } from "./planar-conduction.js";
