// Nastran bulk data from the solver-neutral DeckModel; ids are index + 1. One solution sequence per deck (SOL 101
// static, 103 normal modes with EIGRL, 153 steady heat), one SUBCASE per step with its SPC, LOAD and METHOD set
// ids equal to the step's number in the deck. Reals go in large-field cards (16 columns: GRID*, MAT1*, FORCE*,
// SPC*, PLOAD4*, EIGRL*), the most a Nastran field holds; integer-only cards (CTETRA, PSOLID, SPC1) stay small-field.
// Planar meshes use MSC Nastran's plane elements (CPLSTS/CPLSTN with PPLANE, the axisymmetric CQUADX/CTRAX with
// PSOLID) with the out-of-plane grid components held permanently (GRID PS 3456). Ties and oblique symmetry planes
// are MPC equations, an MPC set per subcase (id = the step's number).
import { nastranMpcCards } from "./nastran-mpc.js";
import { stepEquations } from "./linear-constraints.js";
import { sharedProcedure } from "./procedures.js";
import { NODES_PER_ELEMENT, meshFamily } from "../mesh/types.js";
import { nodalForces, sectionOfElements, selectSteps } from "./fields.js";
import { caseText, int16, int8, largeCard, real16, smallCard } from "./nastran-cards.js";
import { nastranHeatBulk } from "./nastran-heat.js";
import type { DeckModel } from "./types.js";
import { nastranCouplings, nastranPointStep } from "./coupling-cards.js";

export interface NastranDeckOptions {
  /** Names of the steps to write (default: all, in the model's order). */
  steps?: string[];
}

/** Case-control output requests per solution sequence. */
const OUTPUT: Record<string, string[]> = {
  static: ["DISPLACEMENT(PRINT,PLOT) = ALL", "SPCFORCES(PRINT,PLOT) = ALL", "STRESS(PLOT) = ALL"],
  frequency: ["DISPLACEMENT(PRINT,PLOT) = ALL", "STRESS(PLOT) = ALL"],
  heat: ["THERMAL(PRINT,PLOT) = ALL", "FLUX(PRINT,PLOT) = ALL", "SPCFORCES(PRINT,PLOT) = ALL"],
};

export function writeNastranDeck(model: DeckModel, options: NastranDeckOptions = {}): string {
  const { mesh } = model;
  const fam = meshFamily(mesh);
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const steps = selectSteps(model, options.steps);
  const sectionOf = sectionOfElements(model);
  const nsets = new Map(model.nsets.map((s) => [s.name, s]));
  const procedure = sharedProcedure(steps, "nastran");
  const kind = procedure.name;
  if (fam.planar && kind === "heat")
    throw new Error(`Nastran heat decks of planar (${mesh.type}) meshes are not written: the plane elements' heat transfer cards differ between Nastran versions; write format abaqus`);
  const heat = kind === "heat" ? nastranHeatBulk(model, steps, model.materials.length + 1) : null;
  // Ties and oblique symmetry planes: one MPC set per subcase (its supports decide which slaves stay tied).
  const components = heat ? [1] : fam.planar ? [1, 2] : [1, 2, 3];
  const equations = steps.map((step) => stepEquations(model, step, components, !!heat));
  const out: string[] = [];

  out.push(`$ ${caseText(model.heading)}`, `$ units: ${caseText(model.units)}`);
  out.push(`SOL ${procedure.nastran!.sol}`, "CEND", `TITLE = ${caseText(model.heading)}`, "ECHO = NONE");
  out.push(...(OUTPUT[kind] ?? OUTPUT.static));
  if (heat) out.push(`NLPARM = ${heat.nlparm}`, `TEMPERATURE(INITIAL) = ${heat.initSid}`);
  steps.forEach((step, k) => {
    out.push(`SUBCASE ${k + 1}`, `  LABEL = ${caseText(step.name)}`);
    const loads = step.cloads.length > 0 || step.pressures.length > 0 || (heat?.perStep[k].loads.length ?? 0) > 0 || (step.pointLoads?.length ?? 0) > 0;
    if (step.boundaries.length > 0 || (heat?.perStep[k].spc.length ?? 0) > 0 || (step.pointBoundaries?.length ?? 0) > 0) out.push(`  SPC = ${k + 1}`);
    if (equations[k].length > 0) out.push(`  MPC = ${k + 1}`);
    if (kind === "frequency") out.push(`  METHOD = ${k + 1}`);
    else if (loads) out.push(`  LOAD = ${k + 1}`);
  });
  out.push("BEGIN BULK");

  out.push("$ nodes");
  // Plane elements have no stiffness out of their plane: hold z and the rotations at every grid (PS).
  const ps = fam.planar ? ["", "3456"] : [];
  for (let i = 0; i < nn; i++) {
    out.push(...largeCard("GRID", [int16(i + 1), "", real16(mesh.nodes[3 * i]), real16(mesh.nodes[3 * i + 1]), real16(mesh.nodes[3 * i + 2]), ...ps]));
  }

  // One property per section, one MAT1 (MAT4 for heat: K, CP, RHO) per material; the property id is the section's number.
  out.push("$ materials and properties");
  model.materials.forEach((m, k) => {
    out.push(`$ material ${caseText(m.name)}`);
    if (heat) {
      if (m.conductivity === undefined) throw new Error(`material "${m.name}" has no conductivity, which a heat deck needs`);
      out.push(...largeCard("MAT4", [int16(k + 1), real16(m.conductivity), m.specificHeat !== undefined ? real16(m.specificHeat) : "", m.density !== undefined ? real16(m.density) : ""]));
      return;
    }
    if (!Number.isFinite(m.young)) throw new Error(`material "${m.name}" has no elastic constants for its MAT1 card: give it elastic {type: isotropic, young, poisson}, or write its heat steps alone`);
    const fields = [int16(k + 1), real16(m.young), "", real16(m.poisson)];
    if (m.density !== undefined) fields.push(real16(m.density));
    out.push(...largeCard("MAT1", fields));
  });
  model.sections.forEach((s, k) => {
    const mid = model.materials.findIndex((m) => m.name === s.material) + 1;
    out.push(`$ section on ${caseText(s.elset)}`);
    // Plane stress and plane strain: PPLANE with the thickness; axisymmetric and solid elements: PSOLID.
    if (fam.planar && fam.planar !== "axisymmetric") out.push(...largeCard("PPLANE", [int16(k + 1), int16(mid), real16(s.thickness ?? 1)]));
    else out.push(...smallCard("PSOLID", [int8(k + 1), int8(mid)]));
  });

  out.push("$ elements");
  const cardOrder = fam.decks.nastran.nodes;
  for (let e = 0; e < ne; e++) {
    const fields = [int8(e + 1), int8(sectionOf[e] + 1)];
    for (let a = 0; a < npe; a++) fields.push(int8(mesh.elements[e * npe + (cardOrder ? cardOrder[a] : a)] + 1));
    out.push(...smallCard(fam.decks.nastran.card, fields));
  }
  if (heat) out.push("$ heat boundary elements, film properties and sinks", ...heat.shared);
  if (model.points?.length) out.push("$ reference points and their couplings", ...nastranCouplings(model, ne + 1));

  steps.forEach((step, k) => {
    const sid = k + 1;
    out.push(`$ step ${caseText(step.name)}`);
    out.push(...nastranMpcCards(sid, equations[k]));
    for (const b of step.boundaries) {
      // A hold along an oblique normal is an MPC equation (above), not an SPC.
      if (b.normal) continue;
      const set = nsets.get(b.nset);
      if (!set) throw new Error(`step "${step.name}": boundary condition on node set "${b.nset}", which is not defined`);
      // Heat: the temperature is a grid's component 1. Planar: component 3 is already held by the grid's PS.
      const comps = heat ? [1] : [...new Set(b.components)].filter((c) => !(fam.planar && c === 3)).sort();
      if (!heat && b.components.some((c) => c < 1 || c > 3)) throw new Error(`step "${step.name}": components of "${b.nset}" must be 1, 2 or 3`);
      if (comps.length === 0) continue;
      const c = comps.join("");
      const nodes = Array.from(set.nodes, (n) => n + 1);
      out.push(`$ node set ${caseText(b.nset)}`);
      if (b.value === 0) {
        out.push(...smallCard("SPC1", [int8(sid), c, ...nodes.map(int8)]));
      } else {
        for (const n of nodes) out.push(...largeCard("SPC", [int16(sid), int16(n), c, real16(b.value)]));
      }
    }
    if (heat) {
      out.push(...heat.perStep[k].spc, ...heat.perStep[k].loads);
      return;
    }
    const eigrl = procedure.nastran!.eigrl && (step.procedure?.nastran?.eigrl ?? procedure.nastran!.eigrl);
    if (eigrl) {
      // EIGRL: SID V1 V2 ND (Lanczos), mass-normalised shapes (NORM defaults to MASS).
      out.push(...largeCard("EIGRL", [int16(sid), eigrl.v1 !== undefined ? real16(eigrl.v1) : "", eigrl.v2 !== undefined ? real16(eigrl.v2) : "", int16(eigrl.nd)]));
      return;
    }
    out.push(...nastranPointStep(model, step, sid));
    for (const f of nodalForces(step)) {
      out.push(...largeCard("FORCE", [int16(sid), int16(f.node + 1), "0", "1.", real16(f.vector[0]), real16(f.vector[1]), real16(f.vector[2])]));
    }
    for (const p of step.pressures) {
      // The face is named by two grids the family chooses (CTETRA: G1 a corner of the face, G4 the corner off it).
      // Positive pressure acts into the element.
      if (!fam.faces[p.side]) throw new Error(`step "${step.name}": pressure side ${p.side} is not 0..${fam.faces.length - 1}`);
      const [l1, l4] = fam.decks.nastran.pressureGrids(p.side);
      const g1 = mesh.elements[p.element * npe + l1] + 1;
      const g4 = mesh.elements[p.element * npe + l4] + 1;
      out.push(...largeCard("PLOAD4", [int16(sid), int16(p.element + 1), real16(p.value), "", "", "", int16(g1), int16(g4)]));
    }
  });
  out.push("ENDDATA");
  return out.join("\n") + "\n";
}
