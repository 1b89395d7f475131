// The element force sum_e B_e^T sigma_e, element by element (K_e u_e for the elastic part, never assembled), plus
// the bulk-viscosity pressure from the volumetric strain rate. Returns the strain energy 0.5 u.K u of the
// elastic part. One kernel for any solid family and an unrolled one for C3D4 (one point, four nodes); the time
// loop's C3D4 steps after the first run tet4-kernel.ts.
import type { ElementOperators } from "./operators.js";

/**
 * f = internal force (3 per node, overwritten) at displacement u with velocity v (for the bulk viscosity).
 * Returns the strain energy.
 */
export function internalForce(ops: ElementOperators, elements: Int32Array, u: Float64Array, v: Float64Array, f: Float64Array, viscous: boolean): number {
  f.fill(0);
  return ops.npe === 4 && ops.nq === 1 ? tet4Force(ops, elements, u, v, f, viscous) : genericForce(ops, elements, u, v, f, viscous);
}

function tet4Force(ops: ElementOperators, elements: Int32Array, u: Float64Array, v: Float64Array, f: Float64Array, viscous: boolean): number {
  const { grads: G, weights: W, lambda: L, mu: M, visc1, visc2, ne } = ops;
  let energy = 0;
  for (let e = 0; e < ne; e++) {
    const b = 4 * e, g = 12 * e;
    const n0 = 3 * elements[b], n1 = 3 * elements[b + 1], n2 = 3 * elements[b + 2], n3 = 3 * elements[b + 3];
    const g0x = G[g], g0y = G[g + 1], g0z = G[g + 2];
    const g1x = G[g + 3], g1y = G[g + 4], g1z = G[g + 5];
    const g2x = G[g + 6], g2y = G[g + 7], g2z = G[g + 8];
    const g3x = G[g + 9], g3y = G[g + 10], g3z = G[g + 11];
    const u0x = u[n0], u0y = u[n0 + 1], u0z = u[n0 + 2];
    const u1x = u[n1], u1y = u[n1 + 1], u1z = u[n1 + 2];
    const u2x = u[n2], u2y = u[n2 + 1], u2z = u[n2 + 2];
    const u3x = u[n3], u3y = u[n3 + 1], u3z = u[n3 + 2];
    const e11 = g0x * u0x + g1x * u1x + g2x * u2x + g3x * u3x;
    const e22 = g0y * u0y + g1y * u1y + g2y * u2y + g3y * u3y;
    const e33 = g0z * u0z + g1z * u1z + g2z * u2z + g3z * u3z;
    const g12 = g0y * u0x + g1y * u1x + g2y * u2x + g3y * u3x + g0x * u0y + g1x * u1y + g2x * u2y + g3x * u3y;
    const g13 = g0z * u0x + g1z * u1x + g2z * u2x + g3z * u3x + g0x * u0z + g1x * u1z + g2x * u2z + g3x * u3z;
    const g23 = g0z * u0y + g1z * u1y + g2z * u2y + g3z * u3y + g0y * u0z + g1y * u1z + g2y * u2z + g3y * u3z;
    const w = W[e], mu = M[e];
    const tr = L[e] * (e11 + e22 + e33);
    let s11 = tr + 2 * mu * e11, s22 = tr + 2 * mu * e22, s33 = tr + 2 * mu * e33;
    const s12 = mu * g12, s13 = mu * g13, s23 = mu * g23;
    energy += 0.5 * w * (s11 * e11 + s22 * e22 + s33 * e33 + s12 * g12 + s13 * g13 + s23 * g23);
    if (viscous) {
      const rate =
        g0x * v[n0] + g0y * v[n0 + 1] + g0z * v[n0 + 2] + g1x * v[n1] + g1y * v[n1 + 1] + g1z * v[n1 + 2] +
        g2x * v[n2] + g2y * v[n2 + 1] + g2z * v[n2 + 2] + g3x * v[n3] + g3y * v[n3 + 1] + g3z * v[n3 + 2];
      const q = visc1[e] * rate - (rate < 0 ? visc2[e] * rate * rate : 0);
      s11 += q; s22 += q; s33 += q;
    }
    const a11 = w * s11, a22 = w * s22, a33 = w * s33, a12 = w * s12, a13 = w * s13, a23 = w * s23;
    f[n0] += a11 * g0x + a12 * g0y + a13 * g0z; f[n0 + 1] += a12 * g0x + a22 * g0y + a23 * g0z; f[n0 + 2] += a13 * g0x + a23 * g0y + a33 * g0z;
    f[n1] += a11 * g1x + a12 * g1y + a13 * g1z; f[n1 + 1] += a12 * g1x + a22 * g1y + a23 * g1z; f[n1 + 2] += a13 * g1x + a23 * g1y + a33 * g1z;
    f[n2] += a11 * g2x + a12 * g2y + a13 * g2z; f[n2 + 1] += a12 * g2x + a22 * g2y + a23 * g2z; f[n2 + 2] += a13 * g2x + a23 * g2y + a33 * g2z;
    f[n3] += a11 * g3x + a12 * g3y + a13 * g3z; f[n3 + 1] += a12 * g3x + a22 * g3y + a23 * g3z; f[n3 + 2] += a13 * g3x + a23 * g3y + a33 * g3z;
  }
  return energy;
}

function genericForce(ops: ElementOperators, elements: Int32Array, u: Float64Array, v: Float64Array, f: Float64Array, viscous: boolean): number {
  const { grads: G, weights: W, lambda: L, mu: M, visc1, visc2, ne, npe, nq } = ops;
  const ue = new Float64Array(3 * npe), ve = new Float64Array(3 * npe), fe = new Float64Array(3 * npe);
  let energy = 0;
  for (let e = 0; e < ne; e++) {
    const base = e * npe;
    for (let a = 0; a < npe; a++) {
      const n = 3 * elements[base + a];
      ue[3 * a] = u[n]; ue[3 * a + 1] = u[n + 1]; ue[3 * a + 2] = u[n + 2];
      if (viscous) { ve[3 * a] = v[n]; ve[3 * a + 1] = v[n + 1]; ve[3 * a + 2] = v[n + 2]; }
    }
    fe.fill(0);
    const lam = L[e], mu = M[e];
    for (let p = 0; p < nq; p++) {
      const g = (e * nq + p) * npe * 3;
      let e11 = 0, e22 = 0, e33 = 0, g12 = 0, g13 = 0, g23 = 0, rate = 0;
      for (let a = 0; a < npe; a++) {
        const dx = G[g + 3 * a], dy = G[g + 3 * a + 1], dz = G[g + 3 * a + 2];
        const ux = ue[3 * a], uy = ue[3 * a + 1], uz = ue[3 * a + 2];
        e11 += dx * ux; e22 += dy * uy; e33 += dz * uz;
        g12 += dy * ux + dx * uy; g13 += dz * ux + dx * uz; g23 += dz * uy + dy * uz;
        if (viscous) rate += dx * ve[3 * a] + dy * ve[3 * a + 1] + dz * ve[3 * a + 2];
      }
      const w = W[e * nq + p];
      const tr = lam * (e11 + e22 + e33);
      let s11 = tr + 2 * mu * e11, s22 = tr + 2 * mu * e22, s33 = tr + 2 * mu * e33;
      const s12 = mu * g12, s13 = mu * g13, s23 = mu * g23;
      energy += 0.5 * w * (s11 * e11 + s22 * e22 + s33 * e33 + s12 * g12 + s13 * g13 + s23 * g23);
      if (viscous) {
        const q = visc1[e] * rate - (rate < 0 ? visc2[e] * rate * rate : 0);
        s11 += q; s22 += q; s33 += q;
      }
      const a11 = w * s11, a22 = w * s22, a33 = w * s33, a12 = w * s12, a13 = w * s13, a23 = w * s23;
      for (let a = 0; a < npe; a++) {
        const dx = G[g + 3 * a], dy = G[g + 3 * a + 1], dz = G[g + 3 * a + 2];
        fe[3 * a] += a11 * dx + a12 * dy + a13 * dz;
        fe[3 * a + 1] += a12 * dx + a22 * dy + a23 * dz;
        fe[3 * a + 2] += a13 * dx + a23 * dy + a33 * dz;
      }
    }
    for (let a = 0; a < npe; a++) {
      const n = 3 * elements[base + a];
      f[n] += fe[3 * a]; f[n + 1] += fe[3 * a + 1]; f[n + 2] += fe[3 * a + 2];
    }
  }
  return energy;
}
