// Tabulating a family at a quadrature rule, and physical shape gradients at one of its points.
import type { QuadratureRule, TabulatedElement } from "./types.js";

export function tabulate(
  type: string,
  dimension: number,
  nodes: number,
  rule: QuadratureRule,
  shape: (xi: readonly number[]) => number[],
  derivatives: (xi: readonly number[]) => number[][],
  toNodes: number[][],
): TabulatedElement {
  const q = rule.points.length;
  const N = new Float64Array(q * nodes);
  const dN = new Float64Array(q * nodes * dimension);
  rule.points.forEach((xi, p) => {
    shape(xi).forEach((v, i) => (N[p * nodes + i] = v));
    derivatives(xi).forEach((d, i) => {
      for (let c = 0; c < dimension; c++) dN[(p * nodes + i) * dimension + c] = d[c];
    });
  });
  return {
    type,
    dimension,
    nodes,
    points: q,
    weights: Float64Array.from(rule.weights),
    shape: N,
    derivatives: dN,
    toNodes: Float64Array.from(toNodes.flat()),
  };
}

/**
 * Physical shape gradients of a solid element at one quadrature point: writes dN/dx (nodes x 3) into `out`
 * and returns det J. `coords` holds x, y, z of the element's nodes.
 */
export function shapeGradients(el: TabulatedElement, p: number, coords: Float64Array, out: Float64Array): number {
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

/**
 * Physical shape gradients of a planar element (in the x-y plane) at one quadrature point: writes dN/dx, dN/dy
 * (nodes x 2) into `out` and returns det J. `coords` holds x, y, z of the nodes (z is ignored).
 */
export function shapeGradients2D(el: TabulatedElement, p: number, coords: Float64Array, out: Float64Array): number {
  const n = el.nodes;
  const d = el.derivatives;
  const base = p * n * 2;
  let j00 = 0, j01 = 0, j10 = 0, j11 = 0;
  for (let i = 0; i < n; i++) {
    const a = d[base + 2 * i], b = d[base + 2 * i + 1];
    const x = coords[3 * i], y = coords[3 * i + 1];
    j00 += a * x; j01 += a * y;
    j10 += b * x; j11 += b * y;
  }
  const det = j00 * j11 - j01 * j10;
  const inv = 1 / det;
  for (let i = 0; i < n; i++) {
    const a = d[base + 2 * i], b = d[base + 2 * i + 1];
    out[2 * i] = (j11 * a - j01 * b) * inv;
    out[2 * i + 1] = (-j10 * a + j00 * b) * inv;
  }
  return det;
}
