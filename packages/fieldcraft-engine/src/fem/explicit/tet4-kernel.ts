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
 * Written for x64's 16 vector registers: a node's gradients are read where they are used, once for the strain
 * and again for the force (L1 loads, cheaper than the spills of keeping nine live), and the strain energy is a
 * pass of its own (`tet4EnergyRange`, at frames only). Each cost about a tenth of the loop's time, measured.
 */
export function tet4ForceRange(d: Tet4Data, u: Float64Array, f: Float64Array, volumetric: Float64Array, invDt: number, lo: number, hi: number): void {
  const P = d.packed, els = d.elements;
  for (let e = lo; e < hi; e++) {
    const b = 4 * e, g = TET4_STRIDE * e;
    const n0 = els[b], n1 = els[b + 1], n2 = els[b + 2], n3 = els[b + 3];
    // The displacement gradient's symmetric part (h12 = du1/dx2 + du2/dx1, ...), node by node.
    const u3x = u[n3], u3y = u[n3 + 1], u3z = u[n3 + 2];
    let ux = u[n0] - u3x, uy = u[n0 + 1] - u3y, uz = u[n0 + 2] - u3z;
    let gx = P[g], gy = P[g + 1], gz = P[g + 2];
    let h11 = gx * ux, h22 = gy * uy, h33 = gz * uz, h12 = gy * ux + gx * uy, h13 = gz * ux + gx * uz, h23 = gz * uy + gy * uz;
    ux = u[n1] - u3x; uy = u[n1 + 1] - u3y; uz = u[n1 + 2] - u3z;
    gx = P[g + 3]; gy = P[g + 4]; gz = P[g + 5];
    h11 += gx * ux; h22 += gy * uy; h33 += gz * uz; h12 += gy * ux + gx * uy; h13 += gz * ux + gx * uz; h23 += gz * uy + gy * uz;
    ux = u[n2] - u3x; uy = u[n2 + 1] - u3y; uz = u[n2 + 2] - u3z;
    gx = P[g + 6]; gy = P[g + 7]; gz = P[g + 8];
    h11 += gx * ux; h22 += gy * uy; h33 += gz * uz; h12 += gy * ux + gx * uy; h13 += gz * ux + gx * uz; h23 += gz * uy + gy * uz;
    const vol = h11 + h22 + h33;
    const rate = (vol - volumetric[e]) * invDt;
    volumetric[e] = vol;
    // The pressure: elastic plus bulk viscosity (zero coefficients, no viscosity, add exactly zero). The
    // quadratic term acts in compression only: rate * min(rate, 0), with min(rate, 0) = (rate - |rate|) / 2
    // exactly, so the sign of the rate is no branch (it flips from element to element and was mispredicted).
    const wm = P[g + 10];
    const p = P[g + 9] * vol + P[g + 11] * rate - P[g + 12] * rate * (0.5 * (rate - Math.abs(rate)));
    const m2 = 2 * wm;
    // w sigma, and each node's force w sigma g_a; the fourth node's is minus the sum of the others'.
    const a11 = p + m2 * h11, a22 = p + m2 * h22, a33 = p + m2 * h33, a12 = wm * h12, a13 = wm * h13, a23 = wm * h23;
    gx = P[g]; gy = P[g + 1]; gz = P[g + 2];
    const f0x = a11 * gx + a12 * gy + a13 * gz, f0y = a12 * gx + a22 * gy + a23 * gz, f0z = a13 * gx + a23 * gy + a33 * gz;
    f[n0] += f0x; f[n0 + 1] += f0y; f[n0 + 2] += f0z;
    gx = P[g + 3]; gy = P[g + 4]; gz = P[g + 5];
    const f1x = a11 * gx + a12 * gy + a13 * gz, f1y = a12 * gx + a22 * gy + a23 * gz, f1z = a13 * gx + a23 * gy + a33 * gz;
    f[n1] += f1x; f[n1 + 1] += f1y; f[n1 + 2] += f1z;
    gx = P[g + 6]; gy = P[g + 7]; gz = P[g + 8];
    const f2x = a11 * gx + a12 * gy + a13 * gz, f2y = a12 * gx + a22 * gy + a23 * gz, f2z = a13 * gx + a23 * gy + a33 * gz;
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
