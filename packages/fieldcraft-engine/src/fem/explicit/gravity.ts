// Gravity as nodal forces: each element's lumped nodal masses (the very masses the time loop divides by) times
// the acceleration, so a free body falls at exactly g, and the forces sum to the weight of the elements loaded.
import type { Mesh } from "../../mesh/types.js";
import { meshFamily } from "../../mesh/types.js";
import { gatherCoords } from "../assembly.js";
import { lumpedShares } from "./operators.js";

/** Adds m_a g at the nodes of `elements` (0-based), with the density of each element's material, into `out`. */
export function gravityForces(
  mesh: Mesh,
  elementMaterial: Int32Array,
  densities: readonly number[],
  elements: ArrayLike<number>,
  g: readonly [number, number, number],
  out: Float64Array,
): void {
  const family = meshFamily(mesh);
  const npe = family.element.nodes;
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  const shares = new Float64Array(npe);
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    gatherCoords(mesh, npe, e, coords);
    const m = densities[elementMaterial[e]] * lumpedShares(family, coords, grad, shares);
    for (let a = 0; a < npe; a++) {
      const n = 3 * mesh.elements[e * npe + a];
      for (let c = 0; c < 3; c++) out[n + c] += m * shares[a] * g[c];
    }
  }
}
