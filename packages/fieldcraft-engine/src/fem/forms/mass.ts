// Consistent mass: M_ab = rho sum_q w det J Na Nb, on each of `unknowns` components (3 for solids; 1 gives
// the heat capacity matrix with rho c). For frequency and explicit analyses, and gravity loads.
import { shapeGradients } from "../families/index.js";
import type { ElementForm } from "./types.js";

export function massForm(unknowns: number): ElementForm<{ density: number }> {
  return {
    name: "consistent mass",
    unknowns,
    element(el, coords, { density }, ke, scratch) {
      const n = el.nodes, m = unknowns * n;
      ke.fill(0, 0, m * m);
      let volume = 0;
      for (let p = 0; p < el.points; p++) {
        const det = shapeGradients(el, p, coords, scratch);
        if (!(det > 0)) return det;
        const w = el.weights[p] * det;
        volume += w;
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++) {
            const v = density * w * el.shape[p * n + a] * el.shape[p * n + b];
            for (let c = 0; c < unknowns; c++) ke[(unknowns * a + c) * m + unknowns * b + c] += v;
          }
      }
      return volume;
    },
  };
}
