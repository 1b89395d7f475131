// Element mass matrices of the solid tetrahedra: consistent (integrated with the element's own rule, as CalculiX
// does, so frequencies match ccx on the same mesh) and lumped (a diagonal that keeps the element's mass).
import { shapeGradients, type TabulatedElement as TetElement } from "../families/index.js";
import { massForm } from "../forms/mass.js";

/** The consistent-mass form on one component: the 3x3 block of a solid is m_ab I. */
const SCALAR_MASS = massForm(1);

/**
 * Consistent mass m_ab = sum_q w_q det J_q rho N_a N_b into `me` (nodes x nodes, one value per node pair: the
 * 3x3 block is m_ab I). Returns the element volume (<= 0: inverted).
 * C3D4 integrates with its single centroid point (each element's matrix is rho V / 16 in every entry) and C3D10
 * with its 4 Gauss points: exactly what ccx assembles (checked against its SOLVER=MATRIXSTORAGE output).
 */
export function consistentElementMass(el: TetElement, coords: Float64Array, rho: number, me: Float64Array, grad: Float64Array): number {
  return SCALAR_MASS.element(el, coords, { density: rho }, me, grad);
}

/**
 * Share of the element's mass at each node when lumped. C3D4: a quarter each (the row sums). C3D10: the row sums
 * of the quadratic tetrahedron's consistent mass are negative at the corners (-1/20 of the mass), so it uses
 * HRZ (Hinton, Rock & Zienkiewicz 1976): the exact consistent diagonal (corners rho V / 70, mid-edge nodes
 * 8 rho V / 105) scaled to the element's mass, which gives corners 1/36 and mid-edge nodes 4/27.
 */
export const LUMPED_SHARES: Readonly<Record<string, readonly number[]>> = {
  C3D4: [1 / 4, 1 / 4, 1 / 4, 1 / 4],
  C3D10: [1 / 36, 1 / 36, 1 / 36, 1 / 36, 4 / 27, 4 / 27, 4 / 27, 4 / 27, 4 / 27, 4 / 27],
};

/** Lumped element mass: rho V times the node's share, into `out` (one value per node). Returns the volume. */
export function lumpedElementMass(el: TetElement, coords: Float64Array, rho: number, out: Float64Array, grad: Float64Array): number {
  let volume = 0;
  for (let p = 0; p < el.points; p++) {
    const det = shapeGradients(el, p, coords, grad);
    if (!(det > 0)) return det;
    volume += el.weights[p] * det;
  }
  const shares = LUMPED_SHARES[el.type];
  if (!shares) throw new Error(`no lumped mass for ${el.type}`);
  for (let a = 0; a < el.nodes; a++) out[a] = rho * volume * shares[a];
  return volume;
}
