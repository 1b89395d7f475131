// Distorted hexahedral meshes for tests: interior corners moved, quadratic edges kept straight.
import { family } from "../../src/fem/families/index.js";
import type { Mesh } from "../../src/mesh/types.js";

/** Moves interior corner nodes by up to `frac` of a cell (seeded), then puts mid-edge nodes back at their edges' midpoints. */
export function jitter(mesh: Mesh, frac: number, cell: readonly number[], seed = 7): Mesh {
  const fam = family(mesh.type);
  const nodes = Float64Array.from(mesh.nodes);
  const lo = [0, 1, 2].map((a) => Math.min(...nodes.filter((_, i) => i % 3 === a)));
  const hi = [0, 1, 2].map((a) => Math.max(...nodes.filter((_, i) => i % 3 === a)));
  const corner = new Uint8Array(nodes.length / 3);
  const ne = mesh.elements.length / fam.nodes;
  for (let e = 0; e < ne; e++) for (let a = 0; a < fam.corners; a++) corner[mesh.elements[e * fam.nodes + a]] = 1;
  let s = seed;
  const rand = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff), s / 0x7fffffff - 0.5);
  for (let n = 0; n < corner.length; n++) {
    if (!corner[n]) continue;
    const inside = [0, 1, 2].every((a) => nodes[3 * n + a] > lo[a] + 1e-9 && nodes[3 * n + a] < hi[a] - 1e-9);
    if (inside) for (let a = 0; a < 3; a++) nodes[3 * n + a] += frac * cell[a] * rand();
  }
  for (let e = 0; e < ne; e++)
    fam.edges.forEach(([p, q], k) => {
      if (fam.order !== 2) return;
      const m = mesh.elements[e * fam.nodes + fam.corners + k], a = mesh.elements[e * fam.nodes + p], b = mesh.elements[e * fam.nodes + q];
      for (let c = 0; c < 3; c++) nodes[3 * m + c] = (nodes[3 * a + c] + nodes[3 * b + c]) / 2;
    });
  return { ...mesh, nodes };
}

