// Triangular faces (of tetrahedra, later wedges and planar elements): 3- and 6-node shapes and the 3-point rule.
import type { QuadratureRule, SurfaceShape } from "./types.js";

/** 3-point rule on the reference triangle (exact to degree 2: linear and quadratic facets with straight edges). */
export const TRIANGLE_3_POINTS: QuadratureRule = {
  points: [
    [1 / 6, 1 / 6],
    [2 / 3, 1 / 6],
    [1 / 6, 2 / 3],
  ],
  weights: [1 / 6, 1 / 6, 1 / 6],
};

export const TRI3: SurfaceShape = {
  name: "tri3",
  nodes: 3,
  rule: TRIANGLE_3_POINTS,
  evaluate: (s, t) => ({ N: [1 - s - t, s, t], dS: [-1, 1, 0], dT: [-1, 0, 1] }),
};

/** Corners, then mid-side nodes c0-c1, c1-c2, c2-c0. */
export const TRI6: SurfaceShape = {
  name: "tri6",
  nodes: 6,
  rule: TRIANGLE_3_POINTS,
  evaluate(s, t) {
    const l = 1 - s - t;
    return {
      N: [l * (2 * l - 1), s * (2 * s - 1), t * (2 * t - 1), 4 * l * s, 4 * s * t, 4 * t * l],
      dS: [1 - 4 * l, 4 * s - 1, 0, 4 * (l - s), 4 * t, -4 * t],
      dT: [1 - 4 * l, 0, 4 * t - 1, -4 * s, 4 * s, 4 * (l - t)],
    };
  },
};
