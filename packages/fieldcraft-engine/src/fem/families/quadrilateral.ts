// Quadrilateral faces (of hexahedra, later planar elements): 4- and 8-node shapes with Gauss rules on [-1, 1]^2.
import type { QuadratureRule, SurfaceShape } from "./types.js";

/** Tensor-product Gauss rule on [-1, 1]^dim from 1D points and weights. */
export function gaussProduct(points: readonly number[], weights: readonly number[], dim: 2 | 3): QuadratureRule {
  const pts: number[][] = [];
  const wts: number[] = [];
  const n = points.length;
  // xi fastest, as CalculiX orders its product rules.
  if (dim === 2) {
    for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) { pts.push([points[i], points[j]]); wts.push(weights[i] * weights[j]); }
  } else {
    for (let k = 0; k < n; k++)
      for (let j = 0; j < n; j++)
        for (let i = 0; i < n; i++) { pts.push([points[i], points[j], points[k]]); wts.push(weights[i] * weights[j] * weights[k]); }
  }
  return { points: pts, weights: wts };
}

const G2 = 1 / Math.sqrt(3);
const G3 = Math.sqrt(0.6);
export const GAUSS_1D_2 = { points: [-G2, G2], weights: [1, 1] } as const;
export const GAUSS_1D_3 = { points: [-G3, 0, G3], weights: [5 / 9, 8 / 9, 5 / 9] } as const;

/** Corners at (-1,-1), (1,-1), (1,1), (-1,1). */
const QUAD_CORNERS = [[-1, -1], [1, -1], [1, 1], [-1, 1]] as const;

export const QUAD4: SurfaceShape = {
  name: "quad4",
  nodes: 4,
  rule: gaussProduct(GAUSS_1D_2.points, GAUSS_1D_2.weights, 2),
  evaluate(s, t) {
    return {
      N: QUAD_CORNERS.map(([a, b]) => ((1 + a * s) * (1 + b * t)) / 4),
      dS: QUAD_CORNERS.map(([a, b]) => (a * (1 + b * t)) / 4),
      dT: QUAD_CORNERS.map(([a, b]) => ((1 + a * s) * b) / 4),
    };
  },
};

/** Corners, then mid-side nodes c0-c1, c1-c2, c2-c3, c3-c0 (serendipity); 3x3 points, exact on distorted faces' loads of low degree. */
export const QUAD8: SurfaceShape = {
  name: "quad8",
  nodes: 8,
  rule: gaussProduct(GAUSS_1D_3.points, GAUSS_1D_3.weights, 2),
  evaluate(s, t) {
    const N: number[] = [], dS: number[] = [], dT: number[] = [];
    for (const [a, b] of QUAD_CORNERS) {
      N.push(((1 + a * s) * (1 + b * t) * (a * s + b * t - 1)) / 4);
      dS.push((a * (1 + b * t) * (2 * a * s + b * t)) / 4);
      dT.push((b * (1 + a * s) * (a * s + 2 * b * t)) / 4);
    }
    // Mid-sides: (0,-1), (1,0), (0,1), (-1,0).
    N.push(((1 - s * s) * (1 - t)) / 2, ((1 + s) * (1 - t * t)) / 2, ((1 - s * s) * (1 + t)) / 2, ((1 - s) * (1 - t * t)) / 2);
    dS.push(-s * (1 - t), (1 - t * t) / 2, -s * (1 + t), -(1 - t * t) / 2);
    dT.push(-(1 - s * s) / 2, -t * (1 + s), (1 - s * s) / 2, -t * (1 - s));
    return { N, dS, dT };
  },
};
