// Edges of planar elements as their "faces": 2- and 3-node lines on s in [-1, 1] (t is unused), Gauss rules.
import type { QuadratureRule, SurfaceShape } from "./types.js";

const G2 = 1 / Math.sqrt(3);
const G3 = Math.sqrt(0.6);

/** 2-point Gauss rule on [-1, 1] (exact to degree 3). */
export const GAUSS_LINE_2: QuadratureRule = { points: [[-G2, 0], [G2, 0]], weights: [1, 1] };
/** 3-point Gauss rule on [-1, 1] (exact to degree 5: quadratic edges loaded on an axisymmetric radius). */
export const GAUSS_LINE_3: QuadratureRule = { points: [[-G3, 0], [0, 0], [G3, 0]], weights: [5 / 9, 8 / 9, 5 / 9] };

export const LINE2: SurfaceShape = {
  name: "line2",
  nodes: 2,
  rule: GAUSS_LINE_2,
  evaluate: (s) => ({ N: [(1 - s) / 2, (1 + s) / 2], dS: [-0.5, 0.5], dT: [0, 0] }),
};

/** End nodes, then the mid-side node. */
export const LINE3: SurfaceShape = {
  name: "line3",
  nodes: 3,
  rule: GAUSS_LINE_3,
  evaluate: (s) => ({ N: [(s * (s - 1)) / 2, (s * (s + 1)) / 2, 1 - s * s], dS: [s - 0.5, s + 0.5, -2 * s], dT: [0, 0, 0] }),
};
