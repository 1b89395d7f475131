// Stress at integration points, extrapolated to each element's nodes and averaged over the elements sharing a node.
import type { Mesh } from "../mesh/types.js";
import type { ElasticMaterial } from "./types.js";
import { meshFamily } from "../mesh/types.js";
import { shapeGradients } from "./families/index.js";
import { gatherCoords } from "./assembly.js";
import { lame } from "./material.js";
import { checkCancelled } from "./cancel-scope.js";

/** von Mises from (S11, S22, S33, S12, S13, S23). */
export function vonMises(s: ArrayLike<number>, o = 0): number {
  const a = s[o], b = s[o + 1], c = s[o + 2], xy = s[o + 3], xz = s[o + 4], yz = s[o + 5];
  return Math.sqrt(0.5 * ((a - b) ** 2 + (b - c) ** 2 + (c - a) ** 2) + 3 * (xy * xy + xz * xz + yz * yz));
}

/** Nodal stress (6 per node) and von Mises (1 per node). */
export function nodalStress(
  mesh: Mesh,
  elementMaterial: Int32Array,
  materials: ElasticMaterial[],
  u: Float64Array,
): { stress: Float64Array; mises: Float64Array } {
  const el = meshFamily(mesh).element;
  const npe = el.nodes, nq = el.points;
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const constants = materials.map(lame);
  const stress = new Float64Array(6 * nn);
  const count = new Float64Array(nn);
  const coords = new Float64Array(3 * npe);
  const grad = new Float64Array(3 * npe);
  const atPoints = new Float64Array(6 * nq);
  for (let e = 0; e < ne; e++) {
    if ((e & 1023) === 0) checkCancelled();
    const { lambda, mu } = constants[elementMaterial[e]];
    gatherCoords(mesh, npe, e, coords);
    for (let p = 0; p < nq; p++) {
      shapeGradients(el, p, coords, grad);
      let e11 = 0, e22 = 0, e33 = 0, g12 = 0, g13 = 0, g23 = 0;
      for (let a = 0; a < npe; a++) {
        const n = mesh.elements[e * npe + a];
        const ux = u[3 * n], uy = u[3 * n + 1], uz = u[3 * n + 2];
        const dx = grad[3 * a], dy = grad[3 * a + 1], dz = grad[3 * a + 2];
        e11 += dx * ux; e22 += dy * uy; e33 += dz * uz;
        g12 += dy * ux + dx * uy; g13 += dz * ux + dx * uz; g23 += dz * uy + dy * uz;
      }
      const tr = lambda * (e11 + e22 + e33);
      atPoints[6 * p] = tr + 2 * mu * e11;
      atPoints[6 * p + 1] = tr + 2 * mu * e22;
      atPoints[6 * p + 2] = tr + 2 * mu * e33;
      atPoints[6 * p + 3] = mu * g12;
      atPoints[6 * p + 4] = mu * g13;
      atPoints[6 * p + 5] = mu * g23;
    }
    for (let a = 0; a < npe; a++) {
      const n = mesh.elements[e * npe + a];
      count[n]++;
      for (let p = 0; p < nq; p++) {
        const w = el.toNodes[a * nq + p];
        for (let c = 0; c < 6; c++) stress[6 * n + c] += w * atPoints[6 * p + c];
      }
    }
  }
  const mises = new Float64Array(nn);
  for (let n = 0; n < nn; n++) {
    if (count[n] > 0) for (let c = 0; c < 6; c++) stress[6 * n + c] /= count[n];
    mises[n] = vonMises(stress, 6 * n);
  }
  return { stress, mises };
}
