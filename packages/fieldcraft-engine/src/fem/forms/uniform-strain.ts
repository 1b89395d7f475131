// The stiffness of a one-point hexahedron with hourglass control, as CalculiX computes C3D8R (shape8hr.f and
// hgstiffness.f, after Flanagan & Belytschko, IJNME 17, 1981):
// - the mean (uniform-strain) gradients b_i = (1/V) integral of grad N_i, integrated exactly by the 2x2x2 rule
//   (grad N_i det J is at most cubic in each natural coordinate), give K = V B^T D B;
// - the hourglass vectors g_k = h_k - (sum_l z_l h_kl) b_z (CalculiX keeps only the z term of the projection
//   b (x) x h_k: its loop overwrites the x and y terms; the same for any parallelepiped, where x . h_k = 0),
//   and on each displacement component K_ij += E a sum_k g_ki g_kj with a = 0.0005 V sum |b|^2.
import { shapeGradients, type TabulatedElement } from "../families/index.js";

// Flanagan-Belytschko's four hourglass base vectors over the corners in CalculiX order (shape8hr.f's gb).
const HOURGLASS_BASE = [
  [1, 1, -1, -1, -1, -1, 1, 1],
  [1, -1, -1, 1, -1, 1, 1, -1],
  [1, -1, 1, -1, 1, -1, 1, -1],
  [-1, 1, -1, 1, 1, -1, 1, -1],
];

const mean = new Float64Array(24);
const gamma = new Float64Array(32);

/** Fills `ke` (24 x 24) and returns the volume (<= 0: inverted). `grad` is scratch of 24 values. */
export function uniformStrainStiffness(
  exact: TabulatedElement,
  hourglass: number,
  coords: Float64Array,
  lambda: number,
  mu: number,
  ke: Float64Array,
  grad: Float64Array,
): number {
  mean.fill(0);
  let volume = 0;
  for (let p = 0; p < exact.points; p++) {
    const det = shapeGradients(exact, p, coords, grad);
    if (!(det > 0)) return det;
    const w = exact.weights[p] * det;
    volume += w;
    for (let i = 0; i < 24; i++) mean[i] += w * grad[i];
  }
  let squares = 0;
  for (let i = 0; i < 24; i++) {
    squares += mean[i] * mean[i];
    mean[i] /= volume;
  }
  const m = 24;
  ke.fill(0, 0, m * m);
  for (let a = 0; a < 8; a++)
    for (let b = 0; b < 8; b++) {
      const r = 3 * a * m + 3 * b;
      const dot = mean[3 * a] * mean[3 * b] + mean[3 * a + 1] * mean[3 * b + 1] + mean[3 * a + 2] * mean[3 * b + 2];
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++)
          ke[r + i * m + j] = volume * (lambda * mean[3 * a + i] * mean[3 * b + j] + mu * mean[3 * a + j] * mean[3 * b + i] + (i === j ? mu * dot : 0));
    }
  // Hourglass vectors with CalculiX's z-only projection.
  for (let k = 0; k < 4; k++) {
    let zh = 0;
    for (let l = 0; l < 8; l++) zh += coords[3 * l + 2] * HOURGLASS_BASE[k][l];
    for (let i = 0; i < 8; i++) gamma[8 * k + i] = HOURGLASS_BASE[k][i] - mean[3 * i + 2] * zh;
  }
  const young = (mu * (3 * lambda + 2 * mu)) / (lambda + mu);
  const scale = young * hourglass * squares / volume;
  for (let a = 0; a < 8; a++)
    for (let b = 0; b < 8; b++) {
      let g = 0;
      for (let k = 0; k < 4; k++) g += gamma[8 * k + a] * gamma[8 * k + b];
      for (let i = 0; i < 3; i++) ke[(3 * a + i) * m + 3 * b + i] += scale * g;
    }
  return volume;
}
