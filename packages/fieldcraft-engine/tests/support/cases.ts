// Load cases built twice from one description: as our StaticProblem and as a DeckModel for CalculiX.
import type { DeckModel, DeckStep } from "../../src/decks/types.js";
import type { StaticProblem } from "../../src/fem/types.js";
import { facetsWithTags, pressureLoad, spreadForce } from "../../src/fem/loads.js";
import { NODES_PER_ELEMENT, type Mesh } from "../../src/mesh/types.js";

export const STEEL = { name: "Steel", young: 210000, poisson: 0.3, density: 7.85e-9 };

export interface Case {
  mesh: Mesh;
  problem: StaticProblem;
  deck: DeckModel;
}

/** Fixes every DOF of `clamped` nodes; applies either a total force spread over facets (as CLOADs) or a pressure (as DLOADs). */
export function buildCase(
  mesh: Mesh,
  clamped: number[],
  load: { kind: "force"; faceTags: number[]; force: [number, number, number] } | { kind: "pressure"; faceTags: number[]; pressure: number },
): Case {
  const ne = mesh.elements.length / NODES_PER_ELEMENT[mesh.type];
  const prescribed = new Map<number, number>();
  for (const n of clamped) for (let a = 0; a < 3; a++) prescribed.set(3 * n + a, 0);
  const facets = facetsWithTags(mesh, load.faceTags);
  const forces = new Float64Array(mesh.nodes.length);
  const step: DeckStep = { name: "Load", boundaries: [{ nset: "Root", components: [1, 2, 3], value: 0 }], cloads: [], pressures: [] };
  if (load.kind === "force") {
    const r = spreadForce(mesh, { facets }, load.force, forces);
    if (!r.ok) throw new Error(r.error);
    for (let d = 0; d < forces.length; d++) if (forces[d] !== 0) step.cloads.push({ node: Math.floor(d / 3), component: (d % 3) + 1, value: forces[d] });
  } else {
    pressureLoad(mesh, facets, load.pressure, forces);
    for (let f = 0; f < facets.element.length; f++) step.pressures.push({ element: facets.element[f], side: facets.side[f], value: load.pressure });
  }
  return {
    mesh,
    problem: { mesh, elementMaterial: new Int32Array(ne), materials: [STEEL], prescribed, forces },
    deck: {
      heading: "fieldcraft solver check",
      units: "mm",
      mesh,
      nsets: [{ name: "Root", nodes: clamped }],
      elsets: [],
      materials: [STEEL],
      sections: [{ elset: mesh.bodies[0], material: STEEL.name }],
      steps: [step],
    },
  };
}

/** Nodes of the boundary facets carrying any of the given face tags. */
export function nodesOnTags(mesh: Mesh, tags: number[]): number[] {
  const want = new Set(tags);
  const npe = NODES_PER_ELEMENT[mesh.type];
  const local = mesh.type === "C3D10" ? [[0, 1, 2, 4, 5, 6], [0, 3, 1, 7, 8, 4], [1, 3, 2, 8, 9, 5], [2, 3, 0, 9, 7, 6]] : [[0, 1, 2], [0, 3, 1], [1, 3, 2], [2, 3, 0]];
  const out = new Set<number>();
  for (let f = 0; f < mesh.boundary.tag.length; f++)
    if (want.has(mesh.boundary.tag[f])) for (const a of local[mesh.boundary.side[f]]) out.add(mesh.elements[mesh.boundary.element[f] * npe + a]);
  return [...out].sort((a, b) => a - b);
}

/** Index of a named face in the mesh's face tags. */
export function tagIndex(mesh: Mesh, body: string, face: string): number {
  const k = mesh.faceTags.findIndex((t) => t.body === body && t.face === face);
  if (k < 0) throw new Error(`no face ${body}/${face} in the mesh`);
  return k;
}
