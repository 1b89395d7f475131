// Reference points and their couplings as cards. Abaqus/CalculiX: the point is a node after the mesh's, its face an
// element surface, `*COUPLING` with `*KINEMATIC` (the chosen translations) or `*DISTRIBUTING` (force and moment, 1..6);
// loads on DOFs 4..6 are moments. Nastran: RBE2 / RBE3 (nastran.ts). LS-DYNA: *CONSTRAINED_NODAL_RIGID_BODY.
import type { DeckModel, DeckPoint, DeckStep } from "./types.js";

type Namer = { name(source: string): string };
type Format = (x: number) => string;

/** The 1-based node id of reference point p. */
export const pointNodeId = (model: DeckModel, p: number) => model.mesh.nodes.length / 3 + p + 1;

export function abaqusPointNodes(model: DeckModel, num: Format): string[] {
  return (model.points ?? []).map((p, k) => `${pointNodeId(model, k)}, ${p.coordinates.map(num).join(", ")}`);
}

/** `*SURFACE` of each coupled face and its `*COUPLING` (before the steps). */
export function abaqusCouplings(model: DeckModel, names: Namer): string[] {
  const out: string[] = [];
  (model.points ?? []).forEach((p, k) => {
    const c = p.coupling;
    if (!c) return;
    const surface = names.name(`${c.name}-face`);
    out.push(`*SURFACE, NAME=${surface}, TYPE=ELEMENT`, ...c.facets.map((f) => `${f.element + 1}, S${f.side + 1}`));
    out.push(`*COUPLING, REF NODE=${pointNodeId(model, k)}, SURFACE=${surface}, CONSTRAINT NAME=${names.name(c.name)}`);
    if (c.kind === "kinematic") out.push("*KINEMATIC", ...c.components.map((d) => `${d}, ${d}`));
    else out.push("*DISTRIBUTING", "1, 6");
  });
  return out;
}

/** The step's `*BOUNDARY` and `*CLOAD` lines on reference points. */
export function abaqusPointLines(model: DeckModel, step: DeckStep, num: Format): { boundary: string[]; cload: string[] } {
  return {
    boundary: (step.pointBoundaries ?? []).map((b) => `${pointNodeId(model, b.point)}, ${b.component}, ${b.component}, ${num(b.value)}`),
    cload: (step.pointLoads ?? []).map((l) => `${pointNodeId(model, l.point)}, ${l.component}, ${num(l.value)}`),
  };
}

/** Coupled points, for writers that refuse what they cannot express. */
export const coupledPoints = (model: DeckModel): DeckPoint[] => (model.points ?? []).filter((p) => p.coupling);
