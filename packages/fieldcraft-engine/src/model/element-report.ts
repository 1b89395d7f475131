// Element values of a displacement-type result: the stress at each integration point and their average, with
// the von Mises stress of the average (solve.probe's `elements`).
import { gatherCoords } from "../fem/assembly.js";
import { shapeGradients } from "../fem/families/index.js";
import { lame } from "../fem/material.js";
import { vonMises } from "../fem/stress.js";
import { meshFamily } from "../mesh/types.js";
import { ModelError } from "./errors.js";
import { elementMaterials } from "./problem.js";
import type { Model } from "./types.js";

const NAMES = ["s11", "s22", "s33", "s12", "s13", "s23"] as const;
type Stress = Record<(typeof NAMES)[number], number>;

const named = (s: ArrayLike<number>, o = 0): Stress => Object.fromEntries(NAMES.map((k, i) => [k, s[o + i]])) as Stress;

export function elementReports(model: Model, displacement: Float64Array, ids: readonly number[], param = "params.elements") {
  const mesh = model.mesh!.mesh;
  const family = meshFamily(mesh);
  if (family.dimension !== 3) throw new ModelError(`${param}: element values are available for 3D solid meshes; ${mesh.type} is planar`);
  const el = family.element;
  const npe = el.nodes;
  const ne = mesh.elements.length / npe;
  const bad = ids.findIndex((id) => id > ne);
  if (bad >= 0) throw new ModelError(`${param}[${bad}]: element ${ids[bad]} is not in the mesh (ids 1..${ne})`);
  const { elementMaterial, materials } = elementMaterials(model);
  const coords = new Float64Array(3 * npe), grad = new Float64Array(3 * npe);
  return ids.map((id) => {
    const e = id - 1;
    const { lambda, mu } = lame(materials[elementMaterial[e]]);
    gatherCoords(mesh, npe, e, coords);
    const points: Stress[] = [];
    const mean = new Float64Array(6);
    for (let p = 0; p < el.points; p++) {
      shapeGradients(el, p, coords, grad);
      let e11 = 0, e22 = 0, e33 = 0, g12 = 0, g13 = 0, g23 = 0;
      for (let a = 0; a < npe; a++) {
        const n = 3 * mesh.elements[e * npe + a];
        const ux = displacement[n], uy = displacement[n + 1], uz = displacement[n + 2];
        const dx = grad[3 * a], dy = grad[3 * a + 1], dz = grad[3 * a + 2];
        e11 += dx * ux; e22 += dy * uy; e33 += dz * uz;
        g12 += dy * ux + dx * uy; g13 += dz * ux + dx * uz; g23 += dz * uy + dy * uz;
      }
      const tr = lambda * (e11 + e22 + e33);
      const s = [tr + 2 * mu * e11, tr + 2 * mu * e22, tr + 2 * mu * e33, mu * g12, mu * g13, mu * g23];
      points.push(named(s));
      for (let c = 0; c < 6; c++) mean[c] += s[c] / el.points;
    }
    return { element: id, body: mesh.bodies[mesh.elementBody[e]], stress_points: points, stress: named(mean), von_mises: vonMises(mean) };
  });
}
