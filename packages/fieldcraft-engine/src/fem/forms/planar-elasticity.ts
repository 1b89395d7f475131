// Planar isotropic elasticity, 2 unknowns per node (u_x, u_y): K = sum_q w det J B^T D B times the out-of-plane
// measure: the thickness for plane stress and plane strain, 2 pi r for axisymmetry (x is the radius, y the axis),
// so axisymmetric stiffness, loads and reactions are for the full circle (360 degrees), as in Abaqus and CalculiX.
// Strains: (e_xx, e_yy, g_xy) and, for axisymmetry, the hoop strain e_tt = u_r / r.
import { shapeGradients2D, type PlanarKind, type TabulatedElement } from "../families/index.js";
import type { ElementForm } from "./types.js";

export interface PlanarConstants {
  young: number;
  poisson: number;
  /** Plane stress and plane strain: the thickness (1 for plane strain when not given). Ignored for axisymmetry. */
  thickness: number;
}

/** Strain components of a kind: 3 in the plane, 4 with the hoop strain. */
export const planarStrains = (kind: PlanarKind): number => (kind === "axisymmetric" ? 4 : 3);

/** The material matrix D (row-major, strains (e_xx, e_yy, g_xy[, e_tt])). */
export function planarD(kind: PlanarKind, { young: E, poisson: nu }: PlanarConstants): number[] {
  if (kind === "plane_stress") {
    const c = E / (1 - nu * nu);
    return [c, c * nu, 0, c * nu, c, 0, 0, 0, (c * (1 - nu)) / 2];
  }
  const lambda = (E * nu) / ((1 + nu) * (1 - 2 * nu)), mu = E / (2 * (1 + nu)), l2 = lambda + 2 * mu;
  if (kind === "plane_strain") return [l2, lambda, 0, lambda, l2, 0, 0, 0, mu];
  return [l2, lambda, 0, lambda, lambda, l2, 0, lambda, 0, 0, mu, 0, lambda, lambda, 0, l2];
}

/**
 * The strain-displacement matrix at point p (s x 2n, row-major) into `B`; returns the weight w det J times the
 * out-of-plane measure (<= 0: inverted). `grad` takes 2n values.
 */
export function planarB(kind: PlanarKind, el: TabulatedElement, p: number, coords: Float64Array, thickness: number, B: Float64Array, grad: Float64Array): number {
  const n = el.nodes, m = 2 * n;
  const det = shapeGradients2D(el, p, coords, grad);
  const s = planarStrains(kind);
  B.fill(0, 0, s * m);
  for (let a = 0; a < n; a++) {
    const dx = grad[2 * a], dy = grad[2 * a + 1];
    B[2 * a] = dx;
    B[m + 2 * a + 1] = dy;
    B[2 * m + 2 * a] = dy;
    B[2 * m + 2 * a + 1] = dx;
  }
  let measure = thickness;
  if (kind === "axisymmetric") {
    let r = 0;
    for (let a = 0; a < n; a++) r += el.shape[p * n + a] * coords[3 * a];
    for (let a = 0; a < n; a++) B[3 * m + 2 * a] = el.shape[p * n + a] / r;
    measure = 2 * Math.PI * r;
    if (!(r > 0)) return r === 0 ? 0 : -1;
  }
  return det > 0 ? el.weights[p] * det * measure : det;
}

export function planarElasticity(kind: PlanarKind): ElementForm<PlanarConstants> {
  const s = planarStrains(kind);
  return {
    name: `isotropic ${kind.replace("_", " ")} elasticity`,
    unknowns: 2,
    element(el, coords, constants, ke) {
      const n = el.nodes, m = 2 * n;
      const D = planarD(kind, constants);
      const B = new Float64Array(s * m), DB = new Float64Array(s * m), grad = new Float64Array(2 * n);
      ke.fill(0, 0, m * m);
      let measure = 0;
      for (let p = 0; p < el.points; p++) {
        const w = planarB(kind, el, p, coords, constants.thickness, B, grad);
        if (!(w > 0)) return w;
        measure += w;
        DB.fill(0);
        for (let i = 0; i < s; i++) for (let k = 0; k < s; k++) if (D[i * s + k] !== 0) for (let j = 0; j < m; j++) DB[i * m + j] += D[i * s + k] * B[k * m + j];
        for (let i = 0; i < m; i++)
          for (let j = i; j < m; j++) {
            let v = 0;
            for (let k = 0; k < s; k++) v += B[k * m + i] * DB[k * m + j];
            ke[i * m + j] += w * v;
          }
      }
      for (let i = 0; i < m; i++) for (let j = 0; j < i; j++) ke[i * m + j] = ke[j * m + i];
      return measure;
    },
  };
}
