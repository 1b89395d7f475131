// The C3D4 element force of the time loop over a range of elements, from one packed per-element array.
// Each element's record is TET4_STRIDE doubles read in order: the shape gradients of its first three nodes (a
// linear tetrahedron's four sum to zero, so the fourth is minus their sum and is never stored), then w lambda,
// w mu and the bulk-viscosity coefficients times w. Working from u_a - u_3 and putting minus the sum of three
// nodes' forces on the fourth saves a sixth of the arithmetic and a third of the gradients' memory traffic, and
// one stream replaces seven. Elements are visited in an order sorted by their smallest node (`tet4Order`), so
// neighbouring elements share nodes already in cache and a range of elements touches a narrow range of nodes.
import type { ElementOperators } from "./operators.js";

export const TET4_STRIDE = 13;

/** What the kernel reads: the packed records and the elements' nodes, both in kernel order. */
export interface Tet4Data {
  ne: number;
  packed: Float64Array;
  /** 4 nodes per element as their first DOF (3 x node), in kernel order. */
  elements: Int32Array;
}

/** Elements sorted by smallest node, then by their index (a counting sort: stable, the same for any run). */
export function tet4Order(elements: Int32Array, nn: number): Int32Array {
  const ne = elements.length / 4;
  const start = new Int32Array(nn + 1);
  const low = new Int32Array(ne);
  for (let e = 0; e < ne; e++) {
    const b = 4 * e;
    low[e] = Math.min(elements[b], elements[b + 1], elements[b + 2], elements[b + 3]);
    start[low[e] + 1]++;
  }
  for (let n = 0; n < nn; n++) start[n + 1] += start[n];
  const order = new Int32Array(ne);
  for (let e = 0; e < ne; e++) order[start[low[e]]++] = e;
  return order;
}

/**
 * The packed records of `order`'s elements (into `packed`, `elements`: plain or shared arrays of the caller's
 * choosing, sized TET4_STRIDE * ne and 4 * ne).
 */
export function packTet4(ops: ElementOperators, meshElements: Int32Array, order: Int32Array, packed: Float64Array, elements: Int32Array): void {
  const { grads: G, weights: W, lambda: L, mu: M, visc1, visc2 } = ops;
  for (let k = 0; k < order.length; k++) {
    const e = order[k], o = TET4_STRIDE * k, w = W[e];
    for (let j = 0; j < 9; j++) packed[o + j] = G[12 * e + j];
    packed[o + 9] = w * L[e];
    packed[o + 10] = w * M[e];
    packed[o + 11] = w * visc1[e];
    packed[o + 12] = w * visc2[e];
    for (let a = 0; a < 4; a++) elements[4 * k + a] = 3 * meshElements[4 * e + a];
  }
}

/** Each element's volumetric strain at u (what the kernel differences against for the bulk viscosity's rate). */
export function tet4VolumetricRange(d: Tet4Data, u: Float64Array, out: Float64Array, lo: number, hi: number): void {
  const P = d.packed, els = d.elements;
  for (let e = lo; e < hi; e++) {
    const b = 4 * e, g = TET4_STRIDE * e;
    const n0 = els[b], n1 = els[b + 1], n2 = els[b + 2], n3 = els[b + 3];
    out[e] =
      P[g] * (u[n0] - u[n3]) + P[g + 3] * (u[n1] - u[n3]) + P[g + 6] * (u[n2] - u[n3]) +
      P[g + 1] * (u[n0 + 1] - u[n3 + 1]) + P[g + 4] * (u[n1 + 1] - u[n3 + 1]) + P[g + 7] * (u[n2 + 1] - u[n3 + 1]) +
      P[g + 2] * (u[n0 + 2] - u[n3 + 2]) + P[g + 5] * (u[n1 + 2] - u[n3 + 2]) + P[g + 8] * (u[n2 + 2] - u[n3 + 2]);
  }
}

/**
 * f += the internal forces of elements [lo, hi) at u (f is not cleared here), the bulk viscosity's rate from
 * each element's volumetric strain one step back (`volumetric`, updated: u_n - u_{n-1} = dt v_{n-1/2}).
 * The strain energy is a pass of its own (`tet4EnergyRange`, at frames only): summed here it kept a dozen
 * more doubles alive through the loop and cost about a tenth of its time (x64 has 16 vector registers).
 */
export function tet4ForceRange(d: Tet4Data, u: Float64Array, f: Float64Array, volumetric: Float64Array, invDt: number, lo: number, hi: number): void {
  const P = d.packed, els = d.elements;
  for (let e = lo; e < hi; e++) {
    const b = 4 * e, g = TET4_STRIDE * e;
    const n0 = els[b], n1 = els[b + 1], n2 = els[b + 2], n3 = els[b + 3];
    const g0x = P[g], g0y = P[g + 1], g0z = P[g + 2];
    const g1x = P[g + 3], g1y = P[g + 4], g1z = P[g + 5];
    const g2x = P[g + 6], g2y = P[g + 7], g2z = P[g + 8];
    const wl = P[g + 9], wm = P[g + 10], wv1 = P[g + 11], wv2 = P[g + 12];
    const u3x = u[n3], u3y = u[n3 + 1], u3z = u[n3 + 2];
    const u0x = u[n0] - u3x, u0y = u[n0 + 1] - u3y, u0z = u[n0 + 2] - u3z;
    const u1x = u[n1] - u3x, u1y = u[n1 + 1] - u3y, u1z = u[n1 + 2] - u3z;
    const u2x = u[n2] - u3x, u2y = u[n2 + 1] - u3y, u2z = u[n2 + 2] - u3z;
    const e11 = g0x * u0x + g1x * u1x + g2x * u2x;
    const e22 = g0y * u0y + g1y * u1y + g2y * u2y;
    const e33 = g0z * u0z + g1z * u1z + g2z * u2z;
    const a12 = wm * (g0y * u0x + g1y * u1x + g2y * u2x + g0x * u0y + g1x * u1y + g2x * u2y);
    const a13 = wm * (g0z * u0x + g1z * u1x + g2z * u2x + g0x * u0z + g1x * u1z + g2x * u2z);
    const a23 = wm * (g0z * u0y + g1z * u1y + g2z * u2y + g0y * u0z + g1y * u1z + g2y * u2z);
    const vol = e11 + e22 + e33;
    const rate = (vol - volumetric[e]) * invDt;
    volumetric[e] = vol;
    // The pressure: elastic plus bulk viscosity (zero coefficients, no viscosity, add exactly zero). The
    // quadratic term acts in compression only: rate * min(rate, 0), with min(rate, 0) = (rate - |rate|) / 2
    // exactly, so the sign of the rate is no branch (it flips from element to element and was mispredicted).
    const p = wl * vol + wv1 * rate - wv2 * rate * (0.5 * (rate - Math.abs(rate)));
    const m2 = 2 * wm;
    const a11 = p + m2 * e11, a22 = p + m2 * e22, a33 = p + m2 * e33;
    const f0x = a11 * g0x + a12 * g0y + a13 * g0z, f0y = a12 * g0x + a22 * g0y + a23 * g0z, f0z = a13 * g0x + a23 * g0y + a33 * g0z;
    const f1x = a11 * g1x + a12 * g1y + a13 * g1z, f1y = a12 * g1x + a22 * g1y + a23 * g1z, f1z = a13 * g1x + a23 * g1y + a33 * g1z;
    const f2x = a11 * g2x + a12 * g2y + a13 * g2z, f2y = a12 * g2x + a22 * g2y + a23 * g2z, f2z = a13 * g2x + a23 * g2y + a33 * g2z;
    f[n0] += f0x; f[n0 + 1] += f0y; f[n0 + 2] += f0z;
    f[n1] += f1x; f[n1 + 1] += f1y; f[n1 + 2] += f1z;
    f[n2] += f2x; f[n2 + 1] += f2y; f[n2 + 2] += f2z;
    f[n3] -= f0x + f1x + f2x; f[n3 + 1] -= f0y + f1y + f2y; f[n3 + 2] -= f0z + f1z + f2z;
  }
}

/** The strain energy 0.5 sum w sigma : eps of elements [lo, hi) at u. */
export function tet4EnergyRange(d: Tet4Data, u: Float64Array, lo: number, hi: number): number {
  const P = d.packed, els = d.elements;
  const h = new Float64Array(9); // the displacement gradient du_i/dx_j, row-major
  let sum = 0;
  for (let e = lo; e < hi; e++) {
    const b = 4 * e, g = TET4_STRIDE * e;
    const n0 = els[b], n1 = els[b + 1], n2 = els[b + 2], n3 = els[b + 3];
    h.fill(0);
    for (let a = 0; a < 3; a++) {
      const n = a === 0 ? n0 : a === 1 ? n1 : n2;
      for (let i = 0; i < 3; i++) {
        const du = u[n + i] - u[n3 + i];
        for (let j = 0; j < 3; j++) h[3 * i + j] += du * P[g + 3 * a + j];
      }
    }
    const vol = h[0] + h[4] + h[8];
    const g12 = h[1] + h[3], g13 = h[2] + h[6], g23 = h[5] + h[7];
    const wl = P[g + 9], wm = P[g + 10];
    sum += 0.5 * (wl * vol * vol + 2 * wm * (h[0] * h[0] + h[4] * h[4] + h[8] * h[8]) + wm * (g12 * g12 + g13 * g13 + g23 * g23));
  }
  return sum;
}
