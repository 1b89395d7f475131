// Nastran bulk data (SOL 101, linear static) from the solver-neutral DeckModel; ids are index + 1.
// Reals go in large-field cards (16 columns: GRID*, MAT1*, FORCE*, SPC*, PLOAD4*), the most a Nastran field
// holds; integer-only cards (CTETRA, PSOLID, SPC1) stay small-field. One SUBCASE per step, its SPC and LOAD
// set ids equal to the step's number in the deck.
import { refuseConstraints } from "./constraint-cards.js";
import { sharedProcedure } from "./procedures.js";
import { NODES_PER_ELEMENT, meshFamily } from "../mesh/types.js";
import { fitInt, fitReal, left, nodalForces, right, sectionOfElements, selectSteps } from "./fields.js";
import type { DeckModel } from "./types.js";

export interface NastranDeckOptions {
  /** Names of the steps to write (default: all, in the model's order). */
  steps?: string[];
}

/** A small-field card: 8-column name, 8 fields of 8 per line, `+` continuation lines. */
function smallCard(name: string, fields: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < fields.length || i === 0; i += 8) {
    const head = i === 0 ? left(name, 8) : left("+", 8);
    lines.push(head + fields.slice(i, i + 8).map((f) => right(f, 8)).join(""));
  }
  return lines;
}

/** A large-field card: `NAME*` then 4 fields of 16 per line, `*` continuation lines. */
function largeCard(name: string, fields: string[]): string[] {
  const lines: string[] = [];
  for (let i = 0; i < fields.length || i === 0; i += 4) {
    const head = i === 0 ? left(`${name}*`, 8) : left("*", 8);
    lines.push(head + fields.slice(i, i + 4).map((f) => right(f, 16)).join(""));
  }
  return lines;
}

const real16 = (x: number) => fitReal(x, 16, true);
const int8 = (n: number) => fitInt(n, 8);
const int16 = (n: number) => fitInt(n, 16);

/** Case-control text must not carry line breaks or run past 72 columns. */
const caseText = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 64);

export function writeNastranDeck(model: DeckModel, options: NastranDeckOptions = {}): string {
  refuseConstraints(model, "Nastran");
  const { mesh } = model;
  const npe = NODES_PER_ELEMENT[mesh.type];
  const nn = mesh.nodes.length / 3;
  const ne = mesh.elements.length / npe;
  const steps = selectSteps(model, options.steps);
  const sectionOf = sectionOfElements(model);
  const nsets = new Map(model.nsets.map((s) => [s.name, s]));
  const out: string[] = [];

  out.push(`$ ${caseText(model.heading)}`, `$ units: ${caseText(model.units)}`);
  out.push(`SOL ${sharedProcedure(steps, "nastran").nastran!.sol}`, "CEND", `TITLE = ${caseText(model.heading)}`, "ECHO = NONE");
  out.push("DISPLACEMENT(PRINT,PLOT) = ALL", "SPCFORCES(PRINT,PLOT) = ALL", "STRESS(PLOT) = ALL");
  steps.forEach((step, k) => {
    out.push(`SUBCASE ${k + 1}`, `  LABEL = ${caseText(step.name)}`);
    if (step.boundaries.length > 0) out.push(`  SPC = ${k + 1}`);
    if (step.cloads.length > 0 || step.pressures.length > 0) out.push(`  LOAD = ${k + 1}`);
  });
  out.push("BEGIN BULK");

  out.push("$ nodes");
  for (let i = 0; i < nn; i++) {
    out.push(...largeCard("GRID", [int16(i + 1), "", real16(mesh.nodes[3 * i]), real16(mesh.nodes[3 * i + 1]), real16(mesh.nodes[3 * i + 2])]));
  }

  // One PSOLID per section, one MAT1 per material; the property id is the section's number.
  out.push("$ materials and properties");
  model.materials.forEach((m, k) => {
    const fields = [int16(k + 1), real16(m.young), "", real16(m.poisson)];
    if (m.density !== undefined) fields.push(real16(m.density));
    out.push(`$ material ${caseText(m.name)}`, ...largeCard("MAT1", fields));
  });
  model.sections.forEach((s, k) => {
    const mid = model.materials.findIndex((m) => m.name === s.material) + 1;
    out.push(`$ section on ${caseText(s.elset)}`, ...smallCard("PSOLID", [int8(k + 1), int8(mid)]));
  });

  out.push("$ elements");
  const cardOrder = meshFamily(mesh).decks.nastran.nodes;
  for (let e = 0; e < ne; e++) {
    const fields = [int8(e + 1), int8(sectionOf[e] + 1)];
    for (let a = 0; a < npe; a++) fields.push(int8(mesh.elements[e * npe + (cardOrder ? cardOrder[a] : a)] + 1));
    out.push(...smallCard(meshFamily(mesh).decks.nastran.card, fields));
  }

  steps.forEach((step, k) => {
    const sid = k + 1;
    out.push(`$ step ${caseText(step.name)}`);
    for (const b of step.boundaries) {
      const set = nsets.get(b.nset);
      if (!set) throw new Error(`step "${step.name}": boundary condition on node set "${b.nset}", which is not defined`);
      const comps = [...new Set(b.components)].sort();
      if (comps.some((c) => c < 1 || c > 3)) throw new Error(`step "${step.name}": components of "${b.nset}" must be 1, 2 or 3`);
      const c = comps.join("");
      const nodes = Array.from(set.nodes, (n) => n + 1);
      out.push(`$ node set ${caseText(b.nset)}`);
      if (b.value === 0) {
        out.push(...smallCard("SPC1", [int8(sid), c, ...nodes.map(int8)]));
      } else {
        for (const n of nodes) out.push(...largeCard("SPC", [int16(sid), int16(n), c, real16(b.value)]));
      }
    }
    for (const f of nodalForces(step)) {
      out.push(...largeCard("FORCE", [int16(sid), int16(f.node + 1), "0", "1.", real16(f.vector[0]), real16(f.vector[1]), real16(f.vector[2])]));
    }
    for (const p of step.pressures) {
      // The face is named by two grids the family chooses (CTETRA: G1 a corner of the face, G4 the corner off it).
      // Positive pressure acts into the element.
      const fam = meshFamily(mesh);
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
