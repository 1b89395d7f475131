// An isoparametric tetrahedron as data: quadrature points, shape values and reference derivatives.
import type { ElementType } from "../../mesh/types.js";

export interface TetElement {
  type: ElementType;
  nodes: number;
  /** Quadrature points (volume coordinates L2, L3, L4 = xi, eta, zeta) and weights (reference volume 1/6). */
  points: number;
  weights: Float64Array;
  /** Shape values, points x nodes. */
  shape: Float64Array;
  /** Reference derivatives dN/d(xi, eta, zeta), points x nodes x 3. */
  derivatives: Float64Array;
  /** Extrapolation from integration points to nodes, nodes x points (row i: weights of the point values for node i). */
  toNodes: Float64Array;
}

export function tabulate(
  type: ElementType,
  nodes: number,
  points: ReadonlyArray<readonly [number, number, number]>,
  weights: readonly number[],
  shape: (xi: number, eta: number, zeta: number) => number[],
  derivatives: (xi: number, eta: number, zeta: number) => number[][],
  toNodes: number[][],
): TetElement {
  const q = points.length;
  const N = new Float64Array(q * nodes);
  const dN = new Float64Array(q * nodes * 3);
  points.forEach(([a, b, c], p) => {
    shape(a, b, c).forEach((v, i) => (N[p * nodes + i] = v));
    derivatives(a, b, c).forEach((d, i) => {
      dN[(p * nodes + i) * 3] = d[0];
      dN[(p * nodes + i) * 3 + 1] = d[1];
      dN[(p * nodes + i) * 3 + 2] = d[2];
    });
  });
  return {
    type,
    nodes,
    points: q,
    weights: Float64Array.from(weights),
    shape: N,
    derivatives: dN,
    toNodes: Float64Array.from(toNodes.flat()),
  };
}

/**
 * Physical shape gradients at one quadrature point: writes dN/dx (nodes x 3) into `out` and returns det J.
 * `coords` holds x, y, z of the element's nodes.
 */
export function shapeGradients(el: TetElement, p: number, coords: Float64Array, out: Float64Array): number {
  const n = el.nodes;
  const d = el.derivatives;
  const base = p * n * 3;
  let j00 = 0, j01 = 0, j02 = 0, j10 = 0, j11 = 0, j12 = 0, j20 = 0, j21 = 0, j22 = 0;
  // J[r][c] = d x_c / d xi_r
  for (let i = 0; i < n; i++) {
    const a = d[base + 3 * i], b = d[base + 3 * i + 1], c = d[base + 3 * i + 2];
    const x = coords[3 * i], y = coords[3 * i + 1], z = coords[3 * i + 2];
    j00 += a * x; j01 += a * y; j02 += a * z;
    j10 += b * x; j11 += b * y; j12 += b * z;
    j20 += c * x; j21 += c * y; j22 += c * z;
  }
  const c00 = j11 * j22 - j12 * j21;
  const c01 = j02 * j21 - j01 * j22;
  const c02 = j01 * j12 - j02 * j11;
  const c10 = j12 * j20 - j10 * j22;
  const c11 = j00 * j22 - j02 * j20;
  const c12 = j02 * j10 - j00 * j12;
  const c20 = j10 * j21 - j11 * j20;
  const c21 = j01 * j20 - j00 * j21;
  const c22 = j00 * j11 - j01 * j10;
  const det = j00 * c00 + j01 * c10 + j02 * c20;
  const inv = 1 / det;
  // dN/dx = J^{-1} dN/dxi
  for (let i = 0; i < n; i++) {
    const a = d[base + 3 * i], b = d[base + 3 * i + 1], c = d[base + 3 * i + 2];
    out[3 * i] = (c00 * a + c01 * b + c02 * c) * inv;
    out[3 * i + 1] = (c10 * a + c11 * b + c12 * c) * inv;
    out[3 * i + 2] = (c20 * a + c21 * b + c22 * c) * inv;
  }
  return det;
}
