// A plate with a central hole in tension, as its symmetric quarter in plane stress (CPS8): the hole of radius 1 mm
// in a 40 x 40 mm plate 1 mm thick, 10 MPa pulled on x = 20 (Kirsch: about 30 MPa S11 at the top of the hole).
// The mesh is a graded mapped grid built here (mesh.planar does not mesh holes yet); its edges are named
// `E:hole`, `E:sym-y` (y = 0), `E:sym-x` (x = 0), `E:load` (x = 20) and `E:free` (y = 20).
import { planarGridMesh } from "../../mesh/planarGrid.js";
import type { Mesh } from "../../mesh/types.js";
import type { Definitions } from "../../model/types.js";

const A = 1, W = 20;

export function plateHoleMesh(): Mesh {
  const map = (t: number, s: number): [number, number] => {
    const th = (s * Math.PI) / 2;
    const outer: [number, number] = th <= Math.PI / 4 ? [W, W * Math.tan(th)] : [W / Math.tan(th), W];
    if (s === 1) outer[0] = 0;
    const g = (Math.pow(1.18, 40 * t) - 1) / (Math.pow(1.18, 40) - 1);
    return [A * Math.cos(th) + g * (outer[0] - A * Math.cos(th)), A * Math.sin(th) + g * (outer[1] - A * Math.sin(th))];
  };
  const mesh = planarGridMesh({ kind: "plane_stress", shape: "quadrilateral", order: 2, cells: [40, 32], map, body: "Plate", edges: ["E:sym-y", "E:load", "E:sym-x", "E:hole"] });
  // The outer side runs along x = W then y = W: facets on y = W become `E:free`.
  const free = mesh.faceTags.push({ body: "Plate", face: "E:free" }) - 1;
  const tag = mesh.boundary.tag.slice();
  for (let f = 0; f < tag.length; f++) {
    if (tag[f] !== 1) continue;
    const e = mesh.boundary.element[f], side = mesh.boundary.side[f];
    const a = mesh.elements[8 * e + side], b = mesh.elements[8 * e + ((side + 1) % 4)];
    if (Math.abs(mesh.nodes[3 * a + 1] - W) < 1e-9 && Math.abs(mesh.nodes[3 * b + 1] - W) < 1e-9) tag[f] = free;
  }
  return { ...mesh, boundary: { ...mesh.boundary, tag } };
}

export const PLATE_HOLE_DEFINITIONS: Definitions = {
  sets: [
    { name: "all", geometry: [{ body: "Plate" }], nodes: [], elements: [] },
    { name: "sym_x", geometry: [{ body: "Plate", face: "E:sym-x" }], nodes: [], elements: [] },
    { name: "sym_y", geometry: [{ body: "Plate", face: "E:sym-y" }], nodes: [], elements: [] },
    { name: "load", geometry: [{ body: "Plate", face: "E:load" }], nodes: [], elements: [] },
  ],
  materials: [{ name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 }],
  sections: [{ name: "plate", set: "all", material: "Steel", kind: { type: "plane_stress", thickness: 1 } }],
  boundary_conditions: [
    { name: "symmetry_x", type: "displacement", target: { set: "sym_x" }, components: { u1: 0 } },
    { name: "symmetry_y", type: "displacement", target: { set: "sym_y" }, components: { u2: 0 } },
  ],
  loads: [{ name: "pull", type: "pressure", target: { set: "load" }, magnitude: -10 }],
  steps: [{ name: "Load", procedure: { type: "static" }, boundary_conditions: ["symmetry_x", "symmetry_y"], loads: ["pull"] }],
};
