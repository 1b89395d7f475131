// The measure of each mesh body, integrated by its own element family (the family's full quadrature of |det J|):
// solids give their volume, planar meshes their area in the x-y plane and the first moment about the y axis
// (what an axisymmetric model revolves: volume = 2 pi * moment).
import { family, type ElementFamily } from "../fem/families/index.js";
import type { Mesh } from "./types.js";

export interface BodyMeasures {
  /** 3 for solid families (`measure` is a volume), 2 for planar ones (`measure` is an area). */
  dimension: 2 | 3;
  /** Per body: its volume (solids) or its area (planar). */
  measure: number[];
  /** Planar meshes: per body, the integral of x dA (x is the radius of CAX models). */
  moment?: number[];
}

/** Shape derivatives at a rule's points, flattened points x nodes x dimension. */
function derivativesAt(fam: ElementFamily): { weights: readonly number[]; dN: number[][][] } {
  const rule = fam.rules.full;
  return { weights: rule.weights, dN: rule.points.map((xi) => fam.shapeDerivatives(xi)) };
}

export function meshBodyMeasures(mesh: Mesh): BodyMeasures {
  const fam = family(mesh.type);
  const per = fam.nodes;
  const planar = fam.dimension === 2;
  const x = mesh.nodes;
  const { weights, dN } = derivativesAt(fam);
  const N = planar ? fam.rules.full.points.map((xi) => fam.shapeFunctions(xi)) : [];
  const measure = new Array<number>(mesh.bodies.length).fill(0);
  const moment = new Array<number>(mesh.bodies.length).fill(0);
  const count = mesh.elementBody.length;
  for (let e = 0; e < count; e++) {
    const node = (i: number) => 3 * mesh.elements[e * per + i];
    let m = 0, r = 0;
    weights.forEach((w, q) => {
      const d = dN[q];
      if (planar) {
        let j00 = 0, j01 = 0, j10 = 0, j11 = 0, xq = 0;
        for (let i = 0; i < per; i++) {
          const n = node(i);
          j00 += d[i][0] * x[n]; j01 += d[i][0] * x[n + 1];
          j10 += d[i][1] * x[n]; j11 += d[i][1] * x[n + 1];
          xq += N[q][i] * x[n];
        }
        const dA = w * Math.abs(j00 * j11 - j01 * j10);
        m += dA;
        r += xq * dA;
        return;
      }
      const J = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      for (let i = 0; i < per; i++) {
        const n = node(i);
        for (let a = 0; a < 3; a++) for (let c = 0; c < 3; c++) J[3 * a + c] += d[i][a] * x[n + c];
      }
      const det = J[0] * (J[4] * J[8] - J[5] * J[7]) - J[1] * (J[3] * J[8] - J[5] * J[6]) + J[2] * (J[3] * J[7] - J[4] * J[6]);
      m += w * Math.abs(det);
    });
    measure[mesh.elementBody[e]] += m;
    moment[mesh.elementBody[e]] += r;
  }
  return planar ? { dimension: 2, measure, moment } : { dimension: 3, measure };
}
