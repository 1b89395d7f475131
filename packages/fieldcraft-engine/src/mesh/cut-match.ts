// Conforming cut faces between general polyhedron cells: the tet mesher meshes each cell on its own, so two cells
// would triangulate their shared cut face apart (and be tied). Instead the cut facets of the cell meshed first are
// copied into the other cell's surface and kept there as given (the general mesher's keepTags), so the meshes
// meet node for node and mesh.cells merges them; when the copy cannot be kept the interface is tied as before.
import { family } from "../fem/families/index.js";
import { splitTJunctions, surfaceBody, type TaggedSurface } from "../geometry/partition/surface-body.js";
import type { Body } from "../geometry/types.js";
import type { Mesh } from "./types.js";

const CUT = /^partition:(.+):(a|b)$/;

/** Corner coordinates (9 per facet) of a mesh's facets on each cut face, by face name. */
export function cutFacets(mesh: Mesh): Map<string, number[]> {
  const fam = family(mesh.type);
  const out = new Map<string, number[]>();
  for (let f = 0; f < mesh.boundary.tag.length; f++) {
    const name = mesh.faceTags[mesh.boundary.tag[f]].face;
    if (!CUT.test(name)) continue;
    const list = out.get(name) ?? [];
    for (const k of fam.faces[mesh.boundary.side[f]].nodes.slice(0, 3)) {
      const n = mesh.elements[mesh.boundary.element[f] * fam.nodes + k];
      list.push(mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]);
    }
    out.set(name, list);
  }
  return out;
}

/** The other side's name of a cut face (`partition:p:a` <-> `partition:p:b`), or null. */
export const partnerFace = (face: string): string | null => {
  const m = CUT.exec(face);
  return m ? `partition:${m[1]}:${m[2] === "a" ? "b" : "a"}` : null;
};

/**
 * A general polyhedron cell whose cut faces are replaced by the facets its partners were meshed with (turned to face
 * out of this cell) and kept; null when none of its cut faces has a meshed partner.
 */
export function withPartnerFacets(body: Body, meshed: Map<string, number[]>): Body | null {
  if (body.kind !== "mesh" || !body.surface) return null;
  const replaced = body.faces.filter((f) => {
    const partner = partnerFace(f.name);
    return partner !== null && meshed.has(partner);
  });
  if (replaced.length === 0) return null;
  const s = body.surface;
  const names = new Set(replaced.map((f) => f.name));
  const positions = Array.from(s.positions);
  const triangles: number[] = [];
  const faceOf: string[] = [];
  for (let t = 0; t < s.faceOf.length; t++) {
    const name = body.faces[s.faceOf[t]].name;
    if (names.has(name)) continue;
    triangles.push(s.triangles[3 * t], s.triangles[3 * t + 1], s.triangles[3 * t + 2]);
    faceOf.push(name);
  }
  // The copied facets' corners welded to the surface's vertices (the cut's outline) and to each other.
  let extent = 0;
  for (const v of positions) extent = Math.max(extent, Math.abs(v));
  const q = 1e-9 * (extent || 1);
  const at = new Map<string, number>();
  const key = (x: number, y: number, z: number) => `${Math.round(x / q)},${Math.round(y / q)},${Math.round(z / q)}`;
  for (let i = 0; i < positions.length / 3; i++) at.set(key(positions[3 * i], positions[3 * i + 1], positions[3 * i + 2]), i);
  const vertex = (x: number, y: number, z: number) => {
    const k = key(x, y, z);
    let i = at.get(k);
    if (i === undefined) {
      i = positions.length / 3;
      positions.push(x, y, z);
      at.set(k, i);
    }
    return i;
  };
  for (const face of replaced) {
    const c = meshed.get(partnerFace(face.name)!)!;
    const n = face.normal;
    for (let k = 0; k < c.length; k += 9) {
      const ids = [0, 3, 6].map((o) => vertex(c[k + o], c[k + o + 1], c[k + o + 2]));
      const u = [c[k + 3] - c[k], c[k + 4] - c[k + 1], c[k + 5] - c[k + 2]], v = [c[k + 6] - c[k], c[k + 7] - c[k + 1], c[k + 8] - c[k + 2]];
      const along = (u[1] * v[2] - u[2] * v[1]) * n[0] + (u[2] * v[0] - u[0] * v[2]) * n[1] + (u[0] * v[1] - u[1] * v[0]) * n[2];
      triangles.push(ids[0], along > 0 ? ids[1] : ids[2], along > 0 ? ids[2] : ids[1]);
      faceOf.push(face.name);
    }
  }
  // The other faces' triangles along the cut's outline take the copied facets' vertices there.
  const closed: TaggedSurface = splitTJunctions({ positions, triangles, faceOf });
  const cell = surfaceBody({ name: body.name, ...(body.cell ? { cell: body.cell } : {}) }, closed);
  const keep = cell.faces.flatMap((f, i) => (names.has(f.name) ? [i] : []));
  return { ...cell, surface: { ...cell.surface!, keepFaces: keep } };
}
