// Isotropic conduction: K_ab = k sum_q w det J grad Na . grad Nb, 1 unknown (temperature) per node.
import { shapeGradients } from "../families/index.js";
import type { ElementForm } from "./types.js";

export const CONDUCTION: ElementForm<{ conductivity: number }> = {
  name: "isotropic conduction",
  unknowns: 1,
  element(el, coords, { conductivity }, ke, grad) {
    const n = el.nodes;
    ke.fill(0, 0, n * n);
    let volume = 0;
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      if (!(det > 0)) return det;
      const w = el.weights[p] * det;
      volume += w;
      const kw = conductivity * w;
      for (let a = 0; a < n; a++)
        for (let b = 0; b < n; b++)
          ke[a * n + b] += kw * (grad[3 * a] * grad[3 * b] + grad[3 * a + 1] * grad[3 * b + 1] + grad[3 * a + 2] * grad[3 * b + 2]);
    }
    return volume;
  },
};
