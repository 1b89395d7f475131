// LS-DYNA keyword deck (implicit linear static) from the solver-neutral DeckModel; ids are index + 1.
// Steps become unit time intervals: the k-th written step is solved at time k, its loads ride a curve that is
// 1 at time k and 0 at the neighbouring step times, so each step's state holds exactly that step's loads (linear statics
// has no memory). Supports must then be the same in every written step; a prescribed value may vary by step.
// Frequency (implicit eigenvalue) and heat (thermal-only, steady) decks hold one step each. Planar meshes of
// linear families are 2D shells (*SECTION_SHELL ELFORM 12 plane stress, 13 plane strain, 15 axisymmetric about y,
// volume weighted, whose nodal loads are per radian); LS-DYNA's 2D solids have 4 nodes, so 6/8-node families are refused.
// Ties and oblique symmetry planes are *CONSTRAINED_LINEAR_GLOBAL equations (not in heat decks).
import { stepEquations } from "./linear-constraints.js";
import { lsDynaLinearCards } from "./lsdyna-linear.js";
import { sharedProcedure } from "./procedures.js";
import { NODES_PER_ELEMENT, meshFamily } from "../mesh/types.js";
import { fitInt, fitReal, nodalForces, right, sectionOfElements, selectSteps } from "./fields.js";
import { lsDynaCouplings, lsDynaPointCards } from "./coupling-cards.js";
import { lsDynaHeatCards } from "./lsdyna-heat.js";
import type { DeckModel, DeckStep } from "./types.js";
import { explicitCards } from "./lsdyna-explicit.js";

export interface LsDynaDeckOptions {
  /** Names of the steps to write (default: all, in the model's order). */
  steps?: string[];
}


const i8 = (n: number) => right(fitInt(n, 8), 8);
const i10 = (n: number) => right(fitInt(n, 10), 10);
const f10 = (x: number) => right(fitReal(x, 10), 10);
const f16 = (x: number) => right(fitReal(x, 16), 16);
const f20 = (x: number) => right(fitReal(x, 20), 20);
const title = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 80);

/** Ids in rows of 8 fields of 10 (set lists). */
function idRows(ids: number[]): string[] {
  const rows: string[] = [];
  for (let i = 0; i < ids.length; i += 8) rows.push(ids.slice(i, i + 8).map(i10).join(""));
  return rows;
}

function boundaryKey(step: DeckStep): string {
  return JSON.stringify(step.boundaries.map((b) => [b.nset, [...new Set(b.components)].sort()]).sort());
}

/** LS-DYNA holds one set of supports for every step; refuses steps whose supports differ. */
function checkOneSupportSet(steps: DeckStep[]): void {
  if (steps.length > 1) {
    const first = boundaryKey(steps[0]);
    const other = steps.find((s) => boundaryKey(s) !== first);
    if (other) {
      throw new Error(
        `LS-DYNA decks hold one set of supports for all steps, but step "${other.name}" holds different sets or components than "${steps[0].name}": write those steps in separate decks (steps: [...])`,
      );
    }
  }
}

/** Nodes, materials, a part per section, elements in the family's node order, node sets. */
function meshCards(model: DeckModel, sectionOf: Int32Array, nsetIds: Map<string, number>, out: string[], heat: boolean): void {
  const { mesh } = model;
  const fam = meshFamily(mesh);
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  out.push("*NODE", "$    nid               x               y               z      tc      rc");
  for (let i = 0; i < nn; i++) out.push(i8(i + 1) + f16(mesh.nodes[3 * i]) + f16(mesh.nodes[3 * i + 1]) + f16(mesh.nodes[3 * i + 2]) + i8(0) + i8(0));
  out.push(...lsDynaPointCards(model, [], curveOf, DYNA).nodes);

  // A part per section: its section and material ids are the section's and material's numbers.
  model.materials.forEach((m, k) => {
    // Every part names a structural material, thermal-only ones too: a heat-only material cannot be written here.
    if (!Number.isFinite(m.young))
      throw new Error(`material "${m.name}" has no elastic constants, and every LS-DYNA part names a *MAT_ELASTIC, thermal analyses too: give it elastic {type: isotropic, young, poisson} or write the abaqus or nastran deck`);
    out.push("*MAT_ELASTIC_TITLE", title(m.name), "$      mid        ro         e        pr");
    out.push(i10(k + 1) + f10(m.density ?? 0) + f10(m.young) + f10(m.poisson));
    // Heat: the thermal material of the same number (density, then specific heat and conductivity).
    if (heat) {
      if (m.conductivity === undefined) throw new Error(`material "${m.name}" has no conductivity, which a heat deck needs`);
      out.push("*MAT_THERMAL_ISOTROPIC_TITLE", title(m.name), "$     tmid       tro     tgrlc    tgmult", i10(k + 1) + f10(m.density ?? 0) + i10(0) + f10(0));
      out.push("$       hc        tc", f10(m.specificHeat ?? 0) + f10(m.conductivity));
    }
  });
  model.sections.forEach((s, k) => {
    const mid = model.materials.findIndex((m) => m.name === s.material) + 1;
    if (fam.planar) {
      // 2D shells: the section's thickness on T1..T4 (axisymmetric elements take none).
      const t = s.thickness ?? 1;
      out.push("*SECTION_SHELL", "$    secid    elform", i10(k + 1) + i10(fam.decks.lsdyna.elform), "$       t1        t2        t3        t4", f10(t) + f10(t) + f10(t) + f10(t));
    } else out.push("*SECTION_SOLID", "$    secid    elform", i10(k + 1) + i10(fam.decks.lsdyna.elform));
    const tmid = heat ? i10(0) + i10(0) + i10(0) + i10(0) + i10(mid) : "";
    out.push("*PART", title(s.elset), `$      pid     secid       mid${heat ? "     eosid      hgid      grav    adpopt      tmid" : ""}`, i10(k + 1) + i10(k + 1) + i10(mid) + tmid);
  });

  // Two-card *ELEMENT_SOLID: EID PID, then the family's node list (a 4-node tet repeats N4 up to N8, the degenerate form).
  const lsNodes = meshFamily(mesh).decks.lsdyna.nodes;
  if (fam.planar) {
    // *ELEMENT_SHELL: EID PID N1..N4 on one card (a triangle repeats N3).
    out.push("*ELEMENT_SHELL", "$    eid     pid      n1      n2      n3      n4");
    for (let e = 0; e < ne; e++) out.push(i8(e + 1) + i8(sectionOf[e] + 1) + lsNodes.map((a) => i8(mesh.elements[e * npe + a] + 1)).join(""));
  } else out.push(meshFamily(mesh).decks.lsdyna.keyword ?? "*ELEMENT_SOLID", "$    eid     pid", "$     n1      n2      n3      n4      n5      n6      n7      n8      n9     n10");
  for (let e = 0; e < ne && !fam.planar; e++) {
    out.push(i8(e + 1) + i8(sectionOf[e] + 1));
    const nodes = lsNodes.map((a) => mesh.elements[e * npe + a] + 1);
    // Ten nodes per card (the 20-node keyword continues on a third card).
    for (let k = 0; k < nodes.length; k += 10) out.push(nodes.slice(k, k + 10).map(i8).join(""));
  }

  for (const set of model.nsets) {
    out.push("*SET_NODE_LIST_TITLE", title(set.name), "$      sid", i10(nsetIds.get(set.name)!), ...idRows(Array.from(set.nodes, (n) => n + 1)));
  }

}

/** Step curves: 1 at the step's own time (k + 1 for the k-th, from 0), 0 at its neighbours' times. */
const curveOf = (k: number) => 1000 + k + 1;
const DYNA = { i8, i10, f10, f16, rows: (ids: number[]) => idRows(ids) };

function stepCurveCards(steps: DeckStep[], out: string[]): void {
  if (steps.some((s) => s.cloads.length > 0 || s.pressures.length > 0)) {
    steps.forEach((step, k) => {
      out.push("*DEFINE_CURVE_TITLE", title(`step ${step.name}`), "$     lcid", i10(curveOf(k)));
      const points: [number, number][] = [];
      if (k > 0) points.push([0, 0]);
      points.push([k, 0], [k + 1, 1], [k + 2, 0]);
      for (const [t, v] of points) out.push(f20(t) + f20(v));
    });
  }

}

function supportCards(steps: DeckStep[], nsetIds: Map<string, number>, out: string[], planar: boolean): void {
  // Supports, from the first written step (all steps hold the same sets). Fixed: SPC; prescribed: motion.
  const motionCurve = 2000;
  let nextMotion = motionCurve;
  const first = steps[0];
  if (first) {
    first.boundaries.forEach((b, bi) => {
      // A hold along an oblique normal is a linear constraint (*CONSTRAINED_LINEAR_GLOBAL), not an SPC.
      if (b.normal) return;
      const sid = nsetIds.get(b.nset);
      if (sid === undefined) throw new Error(`step "${first.name}": boundary condition on node set "${b.nset}", which is not defined`);
      const comps = [...new Set(b.components)].sort();
      if (comps.some((c) => c < 1 || c > 3)) throw new Error(`step "${first.name}": components of "${b.nset}" must be 1, 2 or 3`);
      // 2D elements move in their plane only: a held z is no constraint.
      if (planar && comps.every((c) => c === 3)) return;
      const values = steps.map((s) => s.boundaries.find((o) => o.nset === b.nset && JSON.stringify([...new Set(o.components)].sort()) === JSON.stringify(comps))!.value);
      if (values.every((v) => v === 0)) {
        out.push("*BOUNDARY_SPC_SET", "$     nsid       cid      dofx      dofy      dofz", i10(sid) + i10(0) + [1, 2, 3].map((c) => i10(comps.includes(c) && !(planar && c === 3) ? 1 : 0)).join(""));
        return;
      }
      // Prescribed displacement: a curve through each step's value at its time (SF 1).
      const lcid = ++nextMotion;
      out.push("*DEFINE_CURVE_TITLE", title(`support ${b.nset} ${bi + 1}`), "$     lcid", i10(lcid));
      out.push(f20(0) + f20(0));
      values.forEach((v, k) => out.push(f20(k + 1) + f20(v)));
      for (const c of comps.filter((c) => !(planar && c === 3))) {
        out.push("*BOUNDARY_PRESCRIBED_MOTION_SET", "$     nsid       dof       vad      lcid        sf", i10(sid) + i10(c) + i10(2) + i10(lcid) + f10(1));
      }
    });
  }

}

/** Per step: nodal forces, and pressures as segment loads (linear faces) or consistent nodal forces (quadratic faces). */
function loadCards(model: DeckModel, steps: DeckStep[], out: string[]): void {
  const { mesh } = model;
  const npe = NODES_PER_ELEMENT[mesh.type];
  let segmentSet = 0;
  const fam = meshFamily(mesh);
  // Volume-weighted axisymmetric elements take nodal loads per radian; the model's are for the full circle.
  const perRadian = fam.planar === "axisymmetric" ? 1 / (2 * Math.PI) : 1;
  steps.forEach((step, k) => {
    const lcid = curveOf(k);
    const forces = nodalForces(step).map((f) => ({ node: f.node, vector: f.vector.map((v) => v * perRadian) as [number, number, number] }));
    const extra = new Map<number, [number, number, number]>();
    const segmentsByValue = new Map<number, number[][]>();
    for (const p of step.pressures) {
      const face = fam.faces[p.side];
      if (!face) throw new Error(`step "${step.name}": pressure side ${p.side} is not 0..${fam.faces.length - 1}`);
      const c = face.nodes.slice(0, face.corners).map((a) => mesh.elements[p.element * npe + a]);
      if (face.nodes.length === face.corners) {
        // LS-DYNA pushes a positive pressure against the right-hand normal of N1-N2-N3: order it outward.
        const list = segmentsByValue.get(p.value) ?? [];
        // Reversed corner order, the last repeated up to 4 (a triangle: N1 N3 N2 N2).
        const segment = [c[0], ...c.slice(1).reverse()].map((n) => n + 1);
        while (segment.length < 4) segment.push(segment[segment.length - 1]);
        list.push(segment);
        segmentsByValue.set(p.value, list);
      } else {
        // A 6-node face under uniform pressure loads only its mid-edge nodes, each with a third of p * area,
        // into the element: exact for straight-sided tets and independent of how a solver treats 6-node segments.
        const P = c.map((n) => [mesh.nodes[3 * n], mesh.nodes[3 * n + 1], mesh.nodes[3 * n + 2]]);
        const u = [P[1][0] - P[0][0], P[1][1] - P[0][1], P[1][2] - P[0][2]];
        const v = [P[2][0] - P[0][0], P[2][1] - P[0][1], P[2][2] - P[0][2]];
        // u x v is twice the area along the inward normal (Abaqus face order winds inward).
        const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
        for (const m of face.nodes.slice(face.corners)) {
          const node = mesh.elements[p.element * npe + m];
          const f = extra.get(node) ?? [0, 0, 0];
          for (let a = 0; a < 3; a++) f[a] += (p.value * n[a]) / 6;
          extra.set(node, f);
        }
      }
    }
    if (forces.length > 0 || extra.size > 0) {
      out.push(`$ step ${title(step.name)}: nodal forces`, "*LOAD_NODE_POINT", "$      nid       dof      lcid        sf");
      for (const f of forces) for (let a = 0; a < 3; a++) if (f.vector[a] !== 0) out.push(i10(f.node + 1) + i10(a + 1) + i10(lcid) + f10(f.vector[a]));
      if (extra.size > 0) out.push("$ pressure on 10-node tet faces as consistent nodal forces");
      for (const [node, f] of [...extra.entries()].sort((a, b) => a[0] - b[0])) {
        for (let a = 0; a < 3; a++) if (f[a] !== 0) out.push(i10(node + 1) + i10(a + 1) + i10(lcid) + f10(f[a]));
      }
    }
    for (const [value, segments] of segmentsByValue) {
      const ssid = ++segmentSet;
      out.push("*SET_SEGMENT_TITLE", title(`step ${step.name} pressure ${segmentSet}`), "$      sid", i10(ssid));
      for (const s of segments) out.push(s.map(i10).join(""));
      out.push("*LOAD_SEGMENT_SET", "$     ssid      lcid        sf", i10(ssid) + i10(lcid) + f10(value));
    }
  });
}

export function writeLsDynaDeck(model: DeckModel, options: LsDynaDeckOptions = {}): string {
  const steps = selectSteps(model, options.steps);
  const sectionOf = sectionOfElements(model);
  const procedure = sharedProcedure(steps, "lsdyna");
  const fam = meshFamily(model.mesh);
  if (fam.planar && fam.nodes > 4)
    throw new Error(`LS-DYNA's 2D elements (*SECTION_SHELL ELFORM 12-15) have 3 or 4 nodes, so ${model.mesh.type} cannot be written: mesh with ${fam.shape === "triangle" ? fam.name.replace("6", "3") : fam.name.replace("8", "4")} for an LS-DYNA deck, or write format abaqus`);
  if (procedure.name !== "static" && steps.length > 1)
    throw new Error(`LS-DYNA decks hold one ${procedure.name} step, but ${steps.length} are written (${steps.map((s) => `"${s.name}"`).join(", ")}): write one step per deck (steps: [...])`);
  const heat = procedure.name === "heat";
  const explicit = procedure.name === "explicit";
  if (heat && model.ties?.length)
    throw new Error(`LS-DYNA heat decks cannot hold tied interfaces (${model.ties[0].name}): *CONSTRAINED_LINEAR_GLOBAL ties displacements, not temperatures; write format abaqus or nastran, or mesh the cells so their faces match`);
  if (heat && fam.planar) throw new Error(`LS-DYNA heat decks of planar (${model.mesh.type}) meshes are not written: write format abaqus`);
  if (!explicit) checkOneSupportSet(steps);
  const nsetIds = new Map(model.nsets.map((s, k) => [s.name, k + 1]));
  const out: string[] = [];
  out.push("*KEYWORD", `$ units: ${title(model.units)}`, "*TITLE", title(model.heading));
  out.push(...procedure.lsdyna!.controlCards(steps.length, f10, i10));
  meshCards(model, sectionOf, nsetIds, out, heat);
  // Ties and oblique symmetry planes as linear equations (the supports, and so the equations, are the first step's).
  if (!heat && steps[0]) out.push(...lsDynaLinearCards(stepEquations(model, steps[0], fam.planar ? [1, 2] : [1, 2, 3]), { i10, f10 }));
  if (explicit) explicitCards(model, steps[0], nsetIds, steps[0].procedure!.duration ?? 1, { i10, f10, f20, title }, out);
  else if (heat) lsDynaHeatCards(model, steps[0], nsetIds, { i10, f10, title }, out);
  else {
    stepCurveCards(steps, out);
    supportCards(steps, nsetIds, out, !!fam.planar);
    loadCards(model, steps, out);
    out.push(...lsDynaCouplings(model, model.nsets.length + 1, model.sections.length + 1, DYNA), ...lsDynaPointCards(model, steps, curveOf, DYNA).cards);
  }
  out.push("*END");
  return out.join("\n") + "\n";
}
