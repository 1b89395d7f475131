// Reference points and their couplings as cards. Abaqus/CalculiX: the point is a node after the mesh's, its face an
// element surface, `*COUPLING` with `*KINEMATIC` (the chosen translations) or `*DISTRIBUTING` (force and moment, 1..6);
// loads on DOFs 4..6 are moments. Nastran: RBE2 / RBE3 (nastran.ts). LS-DYNA: *CONSTRAINED_NODAL_RIGID_BODY.
import type { DeckModel, DeckPoint, DeckStep } from "./types.js";
import { int16, int8, largeCard, real16, smallCard } from "./nastran-cards.js";

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

/** Nastran: a 6-DOF GRID per point, RBE2 (kinematic: the face grids follow the point in the chosen components) or RBE3 (distributing: the point is the weighted average of the face, weights the nodal areas). */
export function nastranCouplings(model: DeckModel, firstElement: number): string[] {
  const out: string[] = [];
  (model.points ?? []).forEach((p, k) => {
    out.push(`$ reference point ${p.name}`, ...largeCard("GRID", [int16(pointNodeId(model, k)), "", ...p.coordinates.map(real16)]));
    const c = p.coupling;
    if (!c) return;
    const eid = firstElement + k;
    const grids = c.nodes.map((n) => int8(n + 1));
    if (c.kind === "kinematic") {
      out.push(...smallCard("RBE2", [int8(eid), int8(pointNodeId(model, k)), c.components.join(""), ...grids]));
      return;
    }
    // RBE3: EID, blank, REFGRID, REFC, then groups WT C G...; one group per distinct weight.
    const w = c.weights;
    // Weights equal to 12 digits (the quadrature's round-off apart) share a group.
    const groups = new Map<string, { wt: number; nodes: number[] }>();
    c.nodes.forEach((n, i) => {
      const key = w[i].toPrecision(12);
      const g = groups.get(key) ?? { wt: w[i], nodes: [] };
      g.nodes.push(n + 1);
      groups.set(key, g);
    });
    const fields = [int16(eid), "", int16(pointNodeId(model, k)), "123456"];
    for (const { wt, nodes } of groups.values()) fields.push(real16(wt), "123", ...nodes.map(int16));
    out.push(...largeCard("RBE3", fields));
  });
  return out;
}

/** Nastran: the step's SPC (held point components) and FORCE / MOMENT (point loads) cards. */
export function nastranPointStep(model: DeckModel, step: DeckStep, sid: number): string[] {
  const out: string[] = [];
  for (const b of step.pointBoundaries ?? []) out.push(...largeCard("SPC", [int16(sid), int16(pointNodeId(model, b.point)), String(b.component), real16(b.value)]));
  const byPoint = new Map<number, number[]>();
  for (const l of step.pointLoads ?? []) {
    const v = byPoint.get(l.point) ?? [0, 0, 0, 0, 0, 0];
    v[l.component - 1] += l.value;
    byPoint.set(l.point, v);
  }
  for (const [p, v] of byPoint) {
    const g = int16(pointNodeId(model, p));
    if (v.slice(0, 3).some((x) => x !== 0)) out.push(...largeCard("FORCE", [int16(sid), g, "0", "1.", ...v.slice(0, 3).map(real16)]));
    if (v.slice(3).some((x) => x !== 0)) out.push(...largeCard("MOMENT", [int16(sid), g, "0", "1.", ...v.slice(3).map(real16)]));
  }
  return out;
}

type DynaFormat = { i8: (n: number) => string; i10: (n: number) => string; f10: (x: number) => string; f16: (x: number) => string; rows: (ids: number[]) => string[] };

/**
 * LS-DYNA: each point a node, each kinematic coupling a *CONSTRAINED_NODAL_RIGID_BODY of the face's nodes and the
 * point (node set ids from `firstSet`, rigid body part ids from `firstPart`). A distributing coupling, or a kinematic
 * one of chosen components only, has no card here that means the same: refused, naming the format that has one.
 */
export function lsDynaCouplings(model: DeckModel, firstSet: number, firstPart: number, f: DynaFormat): string[] {
  const out: string[] = [];
  (model.points ?? []).forEach((p, k) => {
    const c = p.coupling;
    if (!c) return;
    if (c.kind === "distributing")
      throw new Error(`LS-DYNA decks do not carry distributing couplings (coupling "${c.name}"): write format abaqus (*DISTRIBUTING) or nastran (RBE3)`);
    if (c.components.length < 3)
      throw new Error(`LS-DYNA decks carry kinematic couplings of all three components only (coupling "${c.name}" couples ${c.components.join(", ")}): write format abaqus or nastran`);
    const sid = firstSet + k;
    out.push(`$ coupling ${c.name}: reference point ${p.name} and its face as a nodal rigid body`);
    out.push("*SET_NODE_LIST", "$      sid", f.i10(sid), ...f.rows([...c.nodes.map((n) => n + 1), pointNodeId(model, k)]));
    out.push("*CONSTRAINED_NODAL_RIGID_BODY", "$      pid       cid      nsid     pnode", f.i10(firstPart + k) + f.i10(0) + f.i10(sid) + f.i10(0));
  });
  return out;
}

/** LS-DYNA: the points' nodes (after the mesh's), zero holds of the first step (*BOUNDARY_SPC_NODE) and each step's loads (DOF 1-3 forces, 5-7 moments) on its curve. */
export function lsDynaPointCards(model: DeckModel, steps: DeckStep[], curveOf: (k: number) => number, f: DynaFormat): { nodes: string[]; cards: string[] } {
  const nodes = (model.points ?? []).map((p, k) => f.i8(pointNodeId(model, k)) + p.coordinates.map(f.f16).join("") + f.i8(0) + f.i8(0));
  const cards: string[] = [];
  const held = new Map<number, number[]>();
  for (const b of steps[0]?.pointBoundaries ?? []) {
    if (b.value !== 0) throw new Error(`LS-DYNA decks hold reference points at zero only (point "${model.points![b.point].name}", component ${b.component} = ${b.value}): write format abaqus or nastran`);
    held.set(b.point, [...(held.get(b.point) ?? []), b.component]);
  }
  for (const [p, comps] of held)
    cards.push("*BOUNDARY_SPC_NODE", "$      nid       cid      dofx      dofy      dofz     dofrx     dofry     dofrz", f.i10(pointNodeId(model, p)) + f.i10(0) + [1, 2, 3, 4, 5, 6].map((c) => f.i10(comps.includes(c) ? 1 : 0)).join(""));
  steps.forEach((step, k) => {
    if (!step.pointLoads?.length) return;
    cards.push(`$ step ${step.name.replace(/[\r\n]+/g, " ").slice(0, 60)}: loads on reference points`, "*LOAD_NODE_POINT", "$      nid       dof      lcid        sf");
    for (const l of step.pointLoads) cards.push(f.i10(pointNodeId(model, l.point)) + f.i10(l.component <= 3 ? l.component : l.component + 1) + f.i10(curveOf(k)) + f.f10(l.value));
  });
  return { nodes, cards };
}
