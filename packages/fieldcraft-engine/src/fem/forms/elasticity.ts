// Isotropic linear elasticity: K_ab = sum_q w det J (lambda grad Na (x) grad Nb + mu grad Nb (x) grad Na
// + mu (grad Na . grad Nb) I), 3 unknowns per node.
import { shapeGradients, type TabulatedElement } from "../families/index.js";
import type { ElementForm } from "./types.js";
import { uniformStrainStiffness } from "./uniform-strain.js";

export interface LameConstants {
  lambda: number;
  mu: number;
}

/** Element stiffness into `ke` (3n x 3n, row-major). Returns the element volume (<= 0: inverted). */
export function elementStiffness(
  el: TabulatedElement,
  coords: Float64Array,
  lambda: number,
  mu: number,
  ke: Float64Array,
  grad: Float64Array,
): number {
  if (el.uniformStrain) return uniformStrainStiffness(el.uniformStrain.exact, el.uniformStrain.hourglass, coords, lambda, mu, ke, grad);
  const n = el.nodes;
  const m = 3 * n;
  ke.fill(0, 0, m * m);
  let volume = 0;
  for (let p = 0; p < el.points; p++) {
    const det = shapeGradients(el, p, coords, grad);
    if (!(det > 0)) return det;
    const w = el.weights[p] * det;
    volume += w;
    const lw = lambda * w, mw = mu * w;
    for (let a = 0; a < n; a++) {
      const a0 = grad[3 * a], a1 = grad[3 * a + 1], a2 = grad[3 * a + 2];
      for (let b = a; b < n; b++) {
        const b0 = grad[3 * b], b1 = grad[3 * b + 1], b2 = grad[3 * b + 2];
        const dot = mw * (a0 * b0 + a1 * b1 + a2 * b2);
        const r = 3 * a * m + 3 * b;
        ke[r] += lw * a0 * b0 + mw * a0 * b0 + dot;
        ke[r + 1] += lw * a0 * b1 + mw * a1 * b0;
        ke[r + 2] += lw * a0 * b2 + mw * a2 * b0;
        ke[r + m] += lw * a1 * b0 + mw * a0 * b1;
        ke[r + m + 1] += lw * a1 * b1 + mw * a1 * b1 + dot;
        ke[r + m + 2] += lw * a1 * b2 + mw * a2 * b1;
        ke[r + 2 * m] += lw * a2 * b0 + mw * a0 * b2;
        ke[r + 2 * m + 1] += lw * a2 * b1 + mw * a1 * b2;
        ke[r + 2 * m + 2] += lw * a2 * b2 + mw * a2 * b2 + dot;
      }
    }
  }
  // Fill the lower triangle of blocks by symmetry.
  for (let a = 0; a < n; a++)
    for (let b = 0; b < a; b++)
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) ke[(3 * a + i) * m + 3 * b + j] = ke[(3 * b + j) * m + 3 * a + i];
  return volume;
}

export const ELASTIC_STIFFNESS: ElementForm<LameConstants> = {
  name: "isotropic elastic stiffness",
  unknowns: 3,
  element: (el, coords, c, ke, scratch) => elementStiffness(el, coords, c.lambda, c.mu, ke, scratch),
};
