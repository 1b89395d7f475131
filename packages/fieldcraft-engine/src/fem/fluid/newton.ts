// The Newton part of the convection's Jacobian. The Picard (Oseen) matrix F(w) carries the convection of the
// correction by the current velocity, (w . grad) du + 1/2 (div w) du, the same for each component; Newton adds
// the convection of the current velocity by the correction, (du . grad) w + 1/2 (div du) w (Temam's form
// differentiated), which couples the components: a 3 x 3 block per pattern entry of the velocity block.
// With it the nonlinear residual falls quadratically once the iterate is close (Elman, Silvester & Wathen, ch. 8).
import { shapeGradients } from "../families/index.js";
import type { Mesh } from "../../mesh/types.js";
import { HIGH_RULE, findEntry, NPE, type ElementFluid, type TaylorHood } from "./taylor-hood.js";

/**
 * G (9 values per entry of the scalar velocity pattern, row-major i, j): the Newton term
 * G_(a,i),(b,j) = integral rho N_a (N_b du_i/dx_j + 1/2 u_i dN_b/dx_j) at the velocity `w` (3 per node).
 */
export function assembleNewtonBlock(mesh: Mesh, th: TaylorHood, f: ElementFluid, w: Float64Array): Float64Array {
  const el = HIGH_RULE;
  const ne = mesh.elements.length / NPE;
  const values = new Float64Array(9 * th.vIdx.length);
  const coords = new Float64Array(3 * NPE), nodes = new Int32Array(NPE), grad = new Float64Array(3 * NPE);
  const ke = new Float64Array(9 * NPE * NPE);
  const gu = new Float64Array(9), u = new Float64Array(3);
  for (let e = 0; e < ne; e++) {
    const rho = f.density[e];
    if (!(rho > 0)) continue;
    for (let a = 0; a < NPE; a++) {
      const n = mesh.elements[e * NPE + a];
      nodes[a] = n;
      for (let c = 0; c < 3; c++) coords[3 * a + c] = mesh.nodes[3 * n + c];
    }
    ke.fill(0);
    for (let p = 0; p < el.points; p++) {
      const det = shapeGradients(el, p, coords, grad);
      const wd = rho * el.weights[p] * det;
      const N = el.shape.subarray(p * NPE, p * NPE + NPE);
      gu.fill(0);
      u.fill(0);
      for (let a = 0; a < NPE; a++) {
        const n = nodes[a];
        for (let i = 0; i < 3; i++) {
          const wi = w[3 * n + i];
          u[i] += N[a] * wi;
          for (let j = 0; j < 3; j++) gu[3 * i + j] += wi * grad[3 * a + j];
        }
      }
      for (let a = 0; a < NPE; a++) {
        const na = wd * N[a];
        for (let b = 0; b < NPE; b++) {
          const base = 9 * (a * NPE + b);
          for (let i = 0; i < 3; i++)
            for (let j = 0; j < 3; j++) ke[base + 3 * i + j] += na * (N[b] * gu[3 * i + j] + 0.5 * u[i] * grad[3 * b + j]);
        }
      }
    }
    for (let a = 0; a < NPE; a++)
      for (let b = 0; b < NPE; b++) {
        const k = 9 * findEntry(th.vPtr, th.vIdx, nodes[a], nodes[b]);
        const base = 9 * (a * NPE + b);
        for (let c = 0; c < 9; c++) values[k + c] += ke[base + c];
      }
  }
  return values;
}

/** y += G x, x and y in the solver's layout (component c of node n at c * nV + n). */
export function addNewtonProduct(th: TaylorHood, G: Float64Array, x: Float64Array, y: Float64Array): void {
  const { vPtr, vIdx, nV } = th;
  for (let r = 0; r < nV; r++) {
    let s0 = 0, s1 = 0, s2 = 0;
    for (let k = vPtr[r], end = vPtr[r + 1]; k < end; k++) {
      const j = vIdx[k], g = 9 * k;
      const x0 = x[j], x1 = x[nV + j], x2 = x[2 * nV + j];
      s0 += G[g] * x0 + G[g + 1] * x1 + G[g + 2] * x2;
      s1 += G[g + 3] * x0 + G[g + 4] * x1 + G[g + 5] * x2;
      s2 += G[g + 6] * x0 + G[g + 7] * x1 + G[g + 8] * x2;
    }
    y[r] += s0;
    y[nV + r] += s1;
    y[2 * nV + r] += s2;
  }
}
