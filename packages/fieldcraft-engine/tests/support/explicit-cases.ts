// Small explicit-dynamics problems for the physics tests: a bar of hexahedra and a tetrahedral cantilever,
// built straight on the solver's contract (the session tests drive the same solver through the commands).
import { UNIT_STEP, type TimeFunction } from "../../src/fem/explicit/amplitude.js";
import type { ExplicitProblem } from "../../src/fem/explicit/types.js";
import { blockMesh } from "../../src/mesh/block.js";
import type { Mesh } from "../../src/mesh/types.js";

export const LIMITS = { maxElementSteps: 1e11, maxFrames: 1e5, maxMemoryBytes: 4 * 1024 ** 3 };

export function nodesWhere(mesh: Mesh, test: (x: number, y: number, z: number) => boolean): number[] {
  const out: number[] = [];
  for (let n = 0; n < mesh.nodes.length / 3; n++) if (test(mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2])) out.push(n);
  return out;
}

/** Every component of the nodes held at zero. */
export function fixedAt(nodes: number[]) {
  const dofs = Int32Array.from(nodes.flatMap((n) => [3 * n, 3 * n + 1, 3 * n + 2]));
  return { kind: "displacement" as const, dofs, values: new Float64Array(dofs.length), amplitude: UNIT_STEP };
}

/** A total force spread equally over nodes. */
export function forceOn(mesh: Mesh, nodes: number[], vector: [number, number, number], amplitude: TimeFunction = UNIT_STEP) {
  const forces = new Float64Array(mesh.nodes.length);
  for (const n of nodes) for (let c = 0; c < 3; c++) forces[3 * n + c] += vector[c] / nodes.length;
  return { forces, amplitude };
}

export function explicitProblem(mesh: Mesh, material: { young: number; poisson: number; density: number }, rest: Partial<ExplicitProblem>): ExplicitProblem {
  const npe = { C3D4: 4, C3D10: 10, C3D8: 8, C3D20: 20, C3D20R: 20 }[mesh.type as "C3D4"];
  return {
    mesh,
    elementMaterial: new Int32Array(mesh.elements.length / npe),
    materials: [material],
    loads: [],
    prescribed: [],
    initialVelocity: new Float64Array(mesh.nodes.length),
    duration: 1,
    frames: 10,
    timeStep: { safety: 0.9 },
    bulkViscosity: { linear: 0.06, quadratic: 1.2 },
    ...rest,
  };
}

export function barMesh(length: number, cells: number, section = 1): Mesh {
  return blockMesh({ body: "Bar", min: [0, 0, 0], max: [length, section, section], counts: [cells, 1, 1], type: "C3D8" });
}
