// The corners of a C3D10 mesh as the linear mesh DOLFINx reads (it places its P2 nodes at the same edge
// midpoints), so the DOLFINx benches solve on exactly our mesh.
import type { Mesh } from "../../src/mesh/types.js";

export function cornerMesh(mesh: Mesh): { nodes: number[]; cells: number[] } {
  const used = new Int32Array(mesh.nodes.length / 3).fill(-1);
  const nodes: number[] = [];
  const cells: number[] = [];
  for (let e = 0; e < mesh.elements.length / 10; e++)
    for (let a = 0; a < 4; a++) {
      const v = mesh.elements[e * 10 + a];
      if (used[v] < 0) {
        used[v] = nodes.length / 3;
        nodes.push(mesh.nodes[3 * v], mesh.nodes[3 * v + 1], mesh.nodes[3 * v + 2]);
      }
      cells.push(used[v]);
    }
  return { nodes, cells };
}
