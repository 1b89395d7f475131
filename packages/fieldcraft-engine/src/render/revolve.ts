// An axisymmetric (CAX) model drawn revolved about the y axis: the section's corners swept through `degrees` in
// steps of at most 7.5 degrees into a C3D8 picture mesh (a triangle sweeps as a hexahedron with its third
// corner repeated), its outside faces the swept boundary edges plus the two end caps (none for a full turn).
// Node values are copied around, displacements (u_r, u_y) turned with their ring; the section at angle 0 keeps
// its node numbers, so set-up symbols stay on it. A picture only: quadratic families draw their corners.
import { meshFamily, type Mesh } from "../mesh/types.js";
import type { Scene } from "./render.js";
import type { SymbolDef } from "./symbols.js";

/** Planar edge k (corner k to k + 1) -> the C3D8 side sweeping it (CalculiX S3..S6; a triangle's third edge is S6). */
const SIDE_OF_EDGE: Record<number, readonly number[]> = { 3: [2, 3, 5], 4: [2, 3, 4, 5] };

export function revolveScene(scene: Scene, degrees: number): Scene {
  const mesh = scene.mesh;
  if (!mesh) return scene;
  const fam = meshFamily(mesh);
  if (fam.planar !== "axisymmetric") throw new Error(`revolve draws axisymmetric (CAX) models; this mesh is ${mesh.type}`);
  const nn = mesh.nodes.length / 3, npe = fam.nodes, ne = mesh.elements.length / npe, c = fam.corners;
  const full = degrees >= 360;
  const segments = Math.max(1, Math.ceil(Math.min(degrees, 360) / 7.5));
  const rings = full ? segments : segments + 1;
  const angle = (j: number) => ((Math.min(degrees, 360) * j) / segments) * (Math.PI / 180);
  const at = (n: number, j: number) => (j % rings) * nn + n;
  const nodes = new Float64Array(3 * nn * rings);
  for (let j = 0; j < rings; j++) {
    const cos = Math.cos(angle(j)), sin = Math.sin(angle(j));
    for (let n = 0; n < nn; n++) {
      const r = mesh.nodes[3 * n];
      nodes.set([r * cos, mesh.nodes[3 * n + 1], -r * sin], 3 * at(n, j));
    }
  }
  const elements = new Int32Array(8 * ne * segments);
  for (let j = 0; j < segments; j++)
    for (let e = 0; e < ne; e++) {
      const corner = (k: number) => mesh.elements[e * npe + Math.min(k, c - 1)];
      const base = 8 * (j * ne + e);
      for (let k = 0; k < 4; k++) {
        elements[base + k] = at(corner(k), j);
        elements[base + 4 + k] = at(corner(k), j + 1);
      }
    }
  const bElem: number[] = [], bSide: number[] = [], bTag: number[] = [];
  const sides = SIDE_OF_EDGE[c];
  for (let f = 0; f < mesh.boundary.element.length; f++)
    for (let j = 0; j < segments; j++) {
      bElem.push(j * ne + mesh.boundary.element[f]);
      bSide.push(sides[mesh.boundary.side[f]]);
      bTag.push(mesh.boundary.tag[f]);
    }
  const capTag = mesh.faceTags.length;
  if (!full)
    for (let e = 0; e < ne; e++) {
      bElem.push(e, (segments - 1) * ne + e);
      bSide.push(0, 1);
      bTag.push(capTag, capTag + 1);
    }
  const body = mesh.bodies[0] ?? "section";
  const revolved: Mesh = {
    type: "C3D8",
    nodes,
    elements,
    elementBody: new Int32Array(ne * segments),
    bodies: mesh.bodies.length ? [...mesh.bodies] : [body],
    boundary: { element: Int32Array.from(bElem), side: Uint8Array.from(bSide), tag: Int32Array.from(bTag) },
    faceTags: [...mesh.faceTags, { body, face: "revolve:start" }, { body, face: "revolve:end" }],
  };
  for (let j = 0; j < segments; j++) for (let e = 0; e < ne; e++) revolved.elementBody[j * ne + e] = mesh.elementBody[e];
  const around = (values: Float64Array) => {
    const out = new Float64Array(values.length * rings);
    for (let j = 0; j < rings; j++) out.set(values, j * values.length);
    return out;
  };
  let displacement = scene.displacement ?? null;
  if (displacement) {
    const u = displacement;
    displacement = new Float64Array(3 * nn * rings);
    for (let j = 0; j < rings; j++) {
      const cos = Math.cos(angle(j)), sin = Math.sin(angle(j));
      for (let n = 0; n < nn; n++) displacement.set([u[3 * n] * cos, u[3 * n + 1], -u[3 * n] * sin], 3 * at(n, j));
    }
  }
  // Node symbols stay on the section at angle 0 (ring 0 keeps the node numbers); pressures move to its swept faces.
  const symbols = scene.symbols?.map((s): SymbolDef =>
    s.kind === "pressure" ? { ...s, facets: { element: s.facets.element, side: Array.from(s.facets.side, (k) => sides[k]) } } : s,
  );
  return {
    ...scene,
    mesh: revolved,
    displacement,
    field: scene.field ? { ...scene.field, values: around(scene.field.values) } : scene.field,
    symbols,
    caption: [...(scene.caption ?? []), `revolved ${Math.min(degrees, 360)} deg about y`],
  };
}
