// Tetrahedron rules for the fluid forms: the C3D10 family's 4-point rule is exact to degree 2, enough for the
// viscous, divergence and pressure-mass terms on straight-sided tets; the convection term (w . grad u) v of
// quadratic fields is degree 5, so it takes a collapsed (Duffy) product of 4-point Gauss-Legendre rules.
import type { QuadratureRule } from "../families/index.js";

const GL4 = {
  points: [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526].map((x) => (x + 1) / 2),
  weights: [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538].map((w) => w / 2),
};

/**
 * x = a, y = b (1 - a), z = c (1 - a)(1 - b) maps the unit cube onto the reference tetrahedron with Jacobian
 * (1 - a)^2 (1 - b): a polynomial of degree d in x, y, z has degree at most d + 2 in a, d + 1 in b, d in c,
 * so 4 points per direction (exact to degree 7) integrate every degree up to 5 exactly. Weights sum to 1/6.
 */
export function collapsedTetRule(): QuadratureRule {
  const points: number[][] = [];
  const weights: number[] = [];
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++)
      for (let k = 0; k < 4; k++) {
        const a = GL4.points[i], b = GL4.points[j], c = GL4.points[k];
        points.push([a, b * (1 - a), c * (1 - a) * (1 - b)]);
        weights.push(GL4.weights[i] * GL4.weights[j] * GL4.weights[k] * (1 - a) * (1 - a) * (1 - b));
      }
  return { points, weights };
}
