// Planar conduction, 1 unknown (temperature) per node: K_ab = k sum_q w det J grad N_a . grad N_b times the
// out-of-plane measure, the thickness (plane stress and strain) or 2 pi r (axisymmetry: heat flows for the full
// circle, as the planar stiffness's forces).
import { shapeGradients2D, type PlanarKind } from "../families/index.js";
import type { ElementForm } from "./types.js";

export interface PlanarConductionConstants {
  conductivity: number;
  thickness: number;
}

export function planarConduction(kind: PlanarKind): ElementForm<PlanarConductionConstants> {
  return {
    name: `${kind.replace("_", " ")} conduction`,
    unknowns: 1,
    element(el, coords, { conductivity, thickness }, ke, grad) {
      const n = el.nodes;
      ke.fill(0, 0, n * n);
      let measure = 0;
      for (let p = 0; p < el.points; p++) {
        const det = shapeGradients2D(el, p, coords, grad);
        if (!(det > 0)) return det;
        let out = thickness;
        if (kind === "axisymmetric") {
          let r = 0;
          for (let a = 0; a < n; a++) r += el.shape[p * n + a] * coords[3 * a];
          if (!(r > 0)) return -1;
          out = 2 * Math.PI * r;
        }
        const w = el.weights[p] * det * out;
        measure += w;
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++) ke[a * n + b] += conductivity * w * (grad[2 * a] * grad[2 * b] + grad[2 * a + 1] * grad[2 * b + 1]);
      }
      return measure;
    },
  };
}
