// Heat flux q = -k grad T at the integration points, extrapolated to each element's nodes and averaged over the
// elements that share a node (as stresses are), 3 per node.
import type { Mesh } from "../../mesh/types.js";
import { meshFamily } from "../../mesh/types.js";
import { shapeGradients, shapeGradients2D } from "../families/index.js";
import { gatherCoords } from "../assembly.js";

export function nodalHeatFlux(mesh: Mesh, elementMaterial: Int32Array, conductivity: readonly number[], T: Float64Array): Float64Array {
  const el = meshFamily(mesh).element;
  const planar = !!meshFamily(mesh).planar;
  const npe = el.nodes, nq = el.points;
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const flux = new Float64Array(3 * nn);
  const count = new Float64Array(nn);
  const coords = new Float64Array(3 * npe), grad = new Float64Array(3 * npe);
  const atPoints = new Float64Array(3 * nq);
  for (let e = 0; e < ne; e++) {
    const k = conductivity[elementMaterial[e]];
    gatherCoords(mesh, npe, e, coords);
    for (let p = 0; p < nq; p++) {
      let gx = 0, gy = 0, gz = 0;
      if (planar) {
        // In-plane gradient (2 per node); no flux across the plane.
        shapeGradients2D(el, p, coords, grad);
        for (let a = 0; a < npe; a++) {
          const t = T[mesh.elements[e * npe + a]];
          gx += grad[2 * a] * t; gy += grad[2 * a + 1] * t;
        }
      } else {
        shapeGradients(el, p, coords, grad);
        for (let a = 0; a < npe; a++) {
          const t = T[mesh.elements[e * npe + a]];
          gx += grad[3 * a] * t; gy += grad[3 * a + 1] * t; gz += grad[3 * a + 2] * t;
        }
      }
      atPoints[3 * p] = -k * gx; atPoints[3 * p + 1] = -k * gy; atPoints[3 * p + 2] = -k * gz;
    }
    for (let a = 0; a < npe; a++) {
      const n = mesh.elements[e * npe + a];
      count[n]++;
      for (let p = 0; p < nq; p++) {
        const w = el.toNodes[a * nq + p];
        for (let c = 0; c < 3; c++) flux[3 * n + c] += w * atPoints[3 * p + c];
      }
    }
  }
  for (let n = 0; n < nn; n++) if (count[n] > 0) for (let c = 0; c < 3; c++) flux[3 * n + c] /= count[n];
  return flux;
}
