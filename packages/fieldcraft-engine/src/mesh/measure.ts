// The measure of each mesh body, integrated by its own element family (the family's full quadrature of |det J|):
// solids give their volume, planar meshes their area in the x-y plane and the first moment about the y axis
// (what an axisymmetric model revolves: volume = 2 pi * moment).
import { family } from "../fem/families/index.js";
import { shapeGradients, shapeGradients2D, tabulate } from "../fem/families/tabulate.js";
import type { Mesh } from "./types.js";

export interface BodyMeasures {
  /** 3 for solid families (`measure` is a volume), 2 for planar ones (`measure` is an area). */
  dimension: 2 | 3;
  /** Per body: its volume (solids) or its area (planar). */
  measure: number[];
  /** Planar meshes: per body, the integral of x dA (x is the radius of CAX models). */
  moment?: number[];
}

export function meshBodyMeasures(mesh: Mesh): BodyMeasures {
  const fam = family(mesh.type);
  const per = fam.nodes;
  const planar = fam.dimension === 2;
  // The family's full rule (a reduced one does not integrate a distorted element's |det J| exactly).
  const el = tabulate(`${mesh.type}/measure`, fam.dimension, per, fam.rules.full, fam.shapeFunctions, fam.shapeDerivatives, []);
  const coords = new Float64Array(3 * per), grad = new Float64Array(3 * per);
  const measure = new Array<number>(mesh.bodies.length).fill(0);
  const moment = new Array<number>(mesh.bodies.length).fill(0);
  for (let e = 0; e < mesh.elementBody.length; e++) {
    for (let i = 0; i < per; i++) coords.set(mesh.nodes.subarray(3 * mesh.elements[e * per + i], 3 * mesh.elements[e * per + i] + 3), 3 * i);
    for (let q = 0; q < el.points; q++) {
      const d = el.weights[q] * Math.abs(planar ? shapeGradients2D(el, q, coords, grad) : shapeGradients(el, q, coords, grad));
      measure[mesh.elementBody[e]] += d;
      if (!planar) continue;
      let xq = 0;
      for (let i = 0; i < per; i++) xq += el.shape[q * per + i] * coords[3 * i];
      moment[mesh.elementBody[e]] += xq * d;
    }
  }
  return planar ? { dimension: 2, measure, moment } : { dimension: 3, measure };
}
