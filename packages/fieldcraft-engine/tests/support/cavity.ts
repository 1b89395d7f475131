// The lid-driven cubic cavity for fluid tests and benches: the unit cube on Kuhn tetrahedra (C3D10), the lid z = 1
// moving along +x at speed 1, the other five faces no-slip, rho = 1, mu = 1 / Re. Optionally graded towards the
// walls, where the boundary layers are. The walls win on the lid's rim (its edges and corners: the engine's rule
// where a wall meets a velocity condition), so the lid velocity is 1 only strictly inside the lid.
import { facetsWithTags } from "../../src/fem/loads.js";
import type { FluidProblem } from "../../src/fem/fluid/solve-fluid.js";
import { TET_FACE_CORNERS, TET10_FACE_MIDS, type Mesh } from "../../src/mesh/types.js";
import { boxTetMesh } from "./box-mesh.js";

/**
 * Grid line i of 2n (corner lines even, mid-edge lines odd) to its coordinate in [0, 1]: corners at
 * s - a sin(2 pi s) / (2 pi) (spacing (1 - a) h at the walls, (1 + a) h at the centre), mid-edge lines halfway
 * between their corner lines, so every edge stays straight and every mid-edge node at its edge's midpoint.
 */
export function gradedLine(i: number, n: number, a: number): number {
  const corner = (k: number) => k / n - (a * Math.sin((2 * Math.PI * k) / n)) / (2 * Math.PI);
  return i % 2 === 0 ? corner(i / 2) : 0.5 * (corner((i - 1) / 2) + corner((i + 1) / 2));
}

export function cavityMesh(n: number, grading = 0): Mesh {
  const mesh = boxTetMesh({ size: [1, 1, 1], cells: [n, n, n], order: 2 });
  if (grading > 0)
    for (let k = 0; k < mesh.nodes.length; k++) mesh.nodes[k] = gradedLine(Math.round(mesh.nodes[k] * 2 * n), n, grading);
  return mesh;
}

export function faceNodes(mesh: Mesh, tags: number[]): Set<number> {
  const f = facetsWithTags(mesh, tags);
  const out = new Set<number>();
  for (let k = 0; k < f.element.length; k++) for (const a of [...TET_FACE_CORNERS[f.side[k]], ...TET10_FACE_MIDS[f.side[k]]]) out.add(mesh.elements[f.element[k] * 10 + a]);
  return out;
}

export function cavityProblem(mesh: Mesh, reynolds: number, extra: Partial<FluidProblem> = {}): FluidProblem {
  const velocity = new Map<number, [number, number, number]>();
  for (const node of faceNodes(mesh, [5])) velocity.set(node, [1, 0, 0]);
  for (const node of faceNodes(mesh, [0, 1, 2, 3, 4])) velocity.set(node, [0, 0, 0]);
  return {
    mesh,
    elementMaterial: new Int32Array(mesh.elements.length / 10),
    fluids: [{ density: 1, viscosity: 1 / reynolds }],
    velocity,
    inlets: [{ name: "lid", facets: facetsWithTags(mesh, [5]), speed: 1 }],
    outlets: [],
    maxNonlinear: 60,
    nonlinearTolerance: 1e-6,
    ...extra,
  };
}
