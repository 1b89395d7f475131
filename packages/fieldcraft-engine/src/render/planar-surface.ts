// The drawn surface of a planar mesh (CPS, CPE, CAX): the elements themselves, flat in the x-y plane facing +z,
// split into triangles at their mid-side nodes; every element side is a mesh edge, the boundary edges are the
// feature edges.
import { meshFamily, type Mesh } from "../mesh/types.js";
import type { Surface } from "./surface.js";

/** Triangles over an element's local nodes, counter-clockwise like the element. */
const SPLITS: Record<number, number[][]> = {
  3: [[0, 1, 2]],
  4: [[0, 1, 2], [0, 2, 3]],
  6: [[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]],
  8: [[0, 4, 7], [4, 1, 5], [5, 2, 6], [6, 3, 7], [4, 5, 7], [5, 6, 7]],
};

export function planarSurface(mesh: Mesh): Surface {
  const fam = meshFamily(mesh);
  const npe = fam.nodes, ne = mesh.elements.length / npe, nn = mesh.nodes.length / 3;
  const split = SPLITS[npe];
  const triangles = new Int32Array(ne * split.length * 3);
  let t = 0;
  for (let e = 0; e < ne; e++) for (const tri of split) for (const a of tri) triangles[t++] = mesh.elements[e * npe + a];
  const segments = (e: number, side: number, out: number[]) => {
    const nodes = fam.faces[side].nodes.map((a) => mesh.elements[e * npe + a]);
    if (nodes.length === 3) out.push(nodes[0], nodes[2], nodes[2], nodes[1]);
    else out.push(nodes[0], nodes[1]);
  };
  const seen = new Set<string>();
  const meshEdges: number[] = [];
  for (let e = 0; e < ne; e++)
    fam.faces.forEach((face, side) => {
      const a = mesh.elements[e * npe + face.nodes[0]], b = mesh.elements[e * npe + face.nodes[1]];
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      if (seen.has(key)) return;
      seen.add(key);
      segments(e, side, meshEdges);
    });
  const feature: number[] = [];
  for (let f = 0; f < mesh.boundary.element.length; f++) segments(mesh.boundary.element[f], mesh.boundary.side[f], feature);
  const vertexNormals = new Float32Array(3 * nn);
  for (let v = 0; v < nn; v++) vertexNormals[3 * v + 2] = 1;
  const vertexNode = new Int32Array(nn);
  for (let v = 0; v < nn; v++) vertexNode[v] = v;
  return { positions: mesh.nodes, vertexNode, triangles, featureEdges: Int32Array.from(feature), meshEdges: Int32Array.from(meshEdges), vertexNormals, triangleFacet: null };
}
