// Nastran, LS-DYNA and Abaqus decks read back by readers that are not the writers: meshio (Abaqus, Nastran
// nodes and elements), a Nastran card reader and an LS-DYNA keyword reader written from the manuals.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeAbaqusDeck } from "../src/decks/abaqus.js";
import { fitReal, sectionOfElements } from "../src/decks/fields.js";
import { writeLsDynaDeck } from "../src/decks/lsdyna.js";
import { writeNastranDeck } from "../src/decks/nastran.js";
import type { DeckModel } from "../src/decks/types.js";
import { NODES_PER_ELEMENT, TET_FACE_CORNERS, type ElementType } from "../src/mesh/types.js";
import { cantileverDeck } from "./support/deck-fixtures.js";
import { curveAt, readLsDyna } from "./support/lsdyna-reader.js";
import { readWithMeshio } from "./support/meshio.js";
import { nastranReal, readNastran } from "./support/nastran-cards.js";

const dir = mkdtempSync(join(tmpdir(), "fieldcraft-decks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Relative agreement a 16-column field allows (at least 14 significant digits). */
const close16 = (a: number, b: number) => Math.abs(a - b) <= 1e-13 * Math.max(1, Math.abs(b));

function expectSameNodes(model: DeckModel, coords: (id: number) => number[] | undefined, tol: (a: number, b: number) => boolean) {
  const nn = model.mesh.nodes.length / 3;
  for (let i = 0; i < nn; i++) {
    const p = coords(i + 1);
    expect(p, `node ${i + 1}`).toBeDefined();
    for (let k = 0; k < 3; k++) if (!tol(p![k], model.mesh.nodes[3 * i + k])) expect(p![k], `node ${i + 1} coordinate ${k}`).toBe(model.mesh.nodes[3 * i + k]);
  }
}

function elementNodes(model: DeckModel, e: number): number[] {
  const npe = NODES_PER_ELEMENT[model.mesh.type];
  return Array.from(model.mesh.elements.subarray(e * npe, (e + 1) * npe), (n) => n + 1);
}

describe("fitReal", () => {
  it("keeps the shortest round-trip form when it fits, else the most digits that do", () => {
    expect(fitReal(100, 16)).toBe("100.");
    expect(fitReal(0.3, 16)).toBe("0.3");
    expect(fitReal(7.85e-9, 16)).toBe("7.85E-9");
    expect(fitReal(-0, 8)).toBe("0.");
    expect(fitReal(1 / 3, 16)).toBe("0.33333333333333");
    expect(Number(fitReal(1 / 3, 16))).toBeCloseTo(1 / 3, 14);
    expect(fitReal(-1.2345678901234567e-5, 16, true)).toBe("-1.23456789012-5");
    expect(fitReal(-1.2345678901234567e-5, 16, false)).toBe("-1.2345678901E-5");
    for (const x of [Math.PI * 1e200, -Math.E * 1e-200, 123456789.123456789, -0.000123456789]) {
      for (const w of [8, 10, 16, 20]) {
        const s = fitReal(x, w);
        expect(s.length).toBeLessThanOrEqual(w);
        expect(Math.abs(Number(s) - x) / Math.abs(x)).toBeLessThan(10 ** -(w - 8));
      }
    }
    expect(() => fitReal(NaN, 16)).toThrow(/NaN/);
  });
});

describe.each<ElementType>(["C3D4", "C3D10"])("%s decks", (type) => {
  const model = cantileverDeck(type);
  const npe = NODES_PER_ELEMENT[type];
  const ne = model.mesh.elements.length / npe;
  const sections = sectionOfElements(model);
  const tip = Array.from(model.nsets[1].nodes);
  const root = Array.from(model.nsets[0].nodes);

  it("Nastran: meshio reads the same grids and CTETRAs with their properties", () => {
    const path = write(`cantilever-${type}.bdf`, writeNastranDeck(model));
    const m = readWithMeshio(path, "nastran");
    const byId = new Map(m.points_id!.map((id, i) => [id, m.points[i]]));
    expectSameNodes(model, (id) => byId.get(id), close16);
    expect(m.cells.map((c) => c.type)).toEqual([type === "C3D4" ? "tetra" : "tetra10"]);
    const ids = m.points_id!;
    expect(m.cells_id![0]).toEqual(Array.from({ length: ne }, (_, e) => e + 1));
    m.cells[0].data.forEach((cell, e) => expect(cell.map((i) => ids[i])).toEqual(elementNodes(model, e)));
    expect(m.cell_data["nastran:ref"][0]).toEqual(Array.from(sections, (s) => s + 1));
  });

  it("Nastran: subcases, supports, forces, pressures and materials as the model says", () => {
    const deck = readNastran(writeNastranDeck(model));
    expect(deck.caseControl).toContain("SOL 101");
    const cc = deck.caseControl.join("\n");
    expect(cc).toMatch(/SUBCASE 1\n\s*LABEL = Load\n\s*SPC = 1\n\s*LOAD = 1\nSUBCASE 2\n\s*LABEL = Stretch\n\s*SPC = 2$/);
    const cards = (name: string, sid?: number) => deck.cards.filter((c) => c.name === name && (sid === undefined || Number(c.fields[0]) === sid));
    // Step 1: the root held in 123 and the tip in 1, both at zero.
    const spc1 = cards("SPC1", 1);
    const held = new Map(spc1.map((c) => [c.fields.slice(2).map(Number).sort((a, b) => a - b).join(","), c.fields[1]]));
    expect(held.get(root.map((n) => n + 1).sort((a, b) => a - b).join(","))).toBe("123");
    expect(held.get(tip.map((n) => n + 1).sort((a, b) => a - b).join(","))).toBe("1");
    // Step 2: the tip moved by 0.0123456789 along X on every tip node.
    const spc = cards("SPC", 2);
    expect(spc.map((c) => Number(c.fields[1])).sort((a, b) => a - b)).toEqual(tip.map((n) => n + 1).sort((a, b) => a - b));
    for (const c of spc) expect([c.fields[2], nastranReal(c.fields[3])]).toEqual(["1", 0.0123456789]);
    // Forces sum to the 1000 N push, only in step 1.
    const force = cards("FORCE", 1);
    const total = [0, 0, 0];
    for (const c of force) for (let k = 0; k < 3; k++) total[k] += nastranReal(c.fields[3]) * nastranReal(c.fields[4 + k]);
    expect(total[0]).toBe(0);
    expect(total[2]).toBeCloseTo(-1000, 9);
    expect(cards("FORCE", 2)).toEqual([]);
    // One PLOAD4 per loaded facet: G1 on the face, G4 the corner off it.
    const pl = cards("PLOAD4", 1);
    expect(pl.length).toBe(model.steps[0].pressures.length);
    model.steps[0].pressures.forEach((p, i) => {
      const f = pl[i].fields;
      expect(Number(f[1])).toBe(p.element + 1);
      expect(nastranReal(f[2])).toBe(0.125);
      const nodes = elementNodes(model, p.element);
      const face = TET_FACE_CORNERS[p.side].map((c) => nodes[c]);
      expect(face).toContain(Number(f[6]));
      expect(nodes.slice(0, 4)).toContain(Number(f[7]));
      expect(face).not.toContain(Number(f[7]));
    });
    const mats = cards("MAT1");
    expect(mats.map((c) => [nastranReal(c.fields[1]), c.fields[2], nastranReal(c.fields[3])])).toEqual([
      [210000, "", 0.3],
      [expect.closeTo(70123.45678901234, 9), "", expect.closeTo(0.3300000000000001, 14)],
    ]);
    expect(close16(nastranReal(mats[1].fields[1]), 70123.45678901234)).toBe(true);
    expect(nastranReal(mats[0].fields[4])).toBe(7.85e-9);
    expect(cards("PSOLID").map((c) => c.fields.map(Number))).toEqual([[1, 1], [2, 2]]);
  });

  it("Nastran: the steps option writes only the steps named", () => {
    const deck = readNastran(writeNastranDeck(model, { steps: ["Stretch"] }));
    expect(deck.caseControl.filter((l) => l.startsWith("SUBCASE"))).toEqual(["SUBCASE 1"]);
    expect(deck.cards.filter((c) => c.name === "FORCE" || c.name === "PLOAD4")).toEqual([]);
    expect(() => writeNastranDeck(model, { steps: ["Nope"] })).toThrow(/no step named "Nope"; the model has "Load", "Stretch"/);
  });

  it("Abaqus: meshio reads the same nodes, elements and sets", () => {
    const path = write(`cantilever-${type}.inp`, writeAbaqusDeck(model));
    const m = readWithMeshio(path, "abaqus");
    expectSameNodes(model, (id) => m.points[id - 1], (a, b) => a === b);
    expect(m.cells.map((c) => c.type)).toEqual([type === "C3D4" ? "tetra" : "tetra10"]);
    m.cells[0].data.forEach((cell, e) => expect(cell.map((i) => i + 1)).toEqual(elementNodes(model, e)));
    const sets = Object.fromEntries(Object.entries(m.point_sets).map(([k, v]) => [k.toLowerCase(), [...v].sort((a, b) => a - b)]));
    expect(sets.root).toEqual([...root].sort((a, b) => a - b));
    expect(sets.tip).toEqual([...tip].sort((a, b) => a - b));
    const half = Object.entries(m.cell_sets).find(([k]) => k.toLowerCase() === "first_half")![1];
    expect(half.flat().sort((a, b) => a - b)).toEqual(Array.from(model.elsets[0].elements));
  });

  it("LS-DYNA: the keyword reader finds the same nodes, elements, parts and sets", () => {
    const deck = readLsDyna(writeLsDynaDeck(model));
    expect(deck.keywords[0]).toBe("*KEYWORD");
    expect(deck.keywords[deck.keywords.length - 1]).toBe("*END");
    expect(deck.title).toBe(model.heading);
    expectSameNodes(model, (id) => deck.nodes.get(id), (a, b) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b)));
    expect(deck.elements.size).toBe(ne);
    for (let e = 0; e < ne; e++) {
      const el = deck.elements.get(e + 1)!;
      const want = elementNodes(model, e);
      expect(el.nodes.slice(0, npe)).toEqual(want);
      // A 4-node tet is the degenerate solid: N5..N8 repeat N4.
      if (type === "C3D4") expect(el.nodes.slice(4)).toEqual([want[3], want[3], want[3], want[3]]);
      const part = deck.parts.get(el.pid)!;
      expect(part.title).toBe(model.sections[sections[e]].elset);
      expect(deck.sections.get(part.secid)!.elform).toBe(type === "C3D4" ? 10 : 16);
      expect(deck.materials.get(part.mid)!.title).toBe(model.sections[sections[e]].material);
    }
    expect(deck.materials.get(1)).toEqual({ title: "Steel", ro: 7.85e-9, e: 210000, pr: 0.3 });
    const sets = new Map([...deck.nodeSets.values()].map((s) => [s.title, s.nodes]));
    expect(sets.get("root")).toEqual(root.map((n) => n + 1));
    expect(sets.get("tip")).toEqual(tip.map((n) => n + 1));
    expect(deck.control["*CONTROL_IMPLICIT_GENERAL"].slice(0, 2)).toEqual([1, 1]);
    expect(deck.control["*CONTROL_TERMINATION"][0]).toBe(2);
  });

  it("LS-DYNA: each step's state holds its own supports and loads", () => {
    const deck = readLsDyna(writeLsDynaDeck(model));
    const setId = (name: string) => [...deck.nodeSets.entries()].find(([, s]) => s.title === name)![0];
    expect(deck.spcSets).toEqual([{ nsid: setId("root"), cid: 0, dofs: [1, 1, 1] }]);
    expect(deck.prescribedMotions.map((m) => [m.nsid, m.dof, m.vad])).toEqual([[setId("tip"), 1, 2]]);
    const motion = deck.prescribedMotions[0];
    expect(curveAt(deck.curves.get(motion.lcid)!.points, 1) * motion.sf).toBe(0);
    expect(curveAt(deck.curves.get(motion.lcid)!.points, 2) * motion.sf).toBeCloseTo(0.0123456789, 15);
    // Total applied force at each step time: the push plus the pressure (0.125 on the top face, into it).
    const lx = 100 / 3 + 12.345678901234567, ly = 10 / 3;
    const pressureForce = -0.125 * lx * ly;
    const totalAt = (t: number) => {
      const total = [0, 0, 0];
      for (const l of deck.nodeLoads) total[l.dof - 1] += l.sf * curveAt(deck.curves.get(l.lcid)!.points, t);
      for (const l of deck.segmentLoads) {
        const scale = l.sf * curveAt(deck.curves.get(l.lcid)!.points, t);
        for (const seg of deck.segmentSets.get(l.ssid)!.segments) {
          // LS-DYNA: positive pressure acts against the right-hand normal of N1-N2-N3.
          const P = seg.slice(0, 3).map((id) => deck.nodes.get(id)!);
          const u = [0, 1, 2].map((k) => P[1][k] - P[0][k]), v = [0, 1, 2].map((k) => P[2][k] - P[0][k]);
          const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
          for (let k = 0; k < 3; k++) total[k] -= (scale * n[k]) / 2;
        }
      }
      return total;
    };
    const t1 = totalAt(1);
    expect(t1[0]).toBeCloseTo(0, 6);
    expect(t1[1]).toBeCloseTo(0, 6);
    expect(t1[2]).toBeCloseTo(-1000 + pressureForce, 4);
    expect(totalAt(2).map((v) => Math.abs(v))).toEqual([0, 0, 0]);
    if (type === "C3D4") expect(deck.segmentLoads.length).toBe(1);
    else expect(deck.segmentLoads.length).toBe(0);
  });

  it("LS-DYNA: refuses steps that hold different supports, naming them", () => {
    const odd: DeckModel = { ...model, steps: [model.steps[0], { ...model.steps[1], boundaries: [model.steps[1].boundaries[0]] }] };
    expect(() => writeLsDynaDeck(odd)).toThrow(/step "Stretch" holds different sets or components than "Load"/);
    expect(() => writeLsDynaDeck(odd, { steps: ["Stretch"] })).not.toThrow();
    const one = readLsDyna(writeLsDynaDeck(model, { steps: ["Load"] }));
    expect(one.control["*CONTROL_TERMINATION"][0]).toBe(1);
  });
});

describe("deck errors", () => {
  it("names elements without a section and undefined sets", () => {
    const model = cantileverDeck("C3D4");
    expect(() => writeNastranDeck({ ...model, sections: [] })).toThrow(/elements without a section \(ids 1, 2, 3, 4, 5, \.\.\.\)/);
    expect(() => writeLsDynaDeck({ ...model, sections: [{ elset: "nowhere", material: "Steel" }] })).toThrow(/"nowhere", which is neither a body nor an element set/);
    const badStep = { ...model.steps[0], boundaries: [{ nset: "ghost", components: [1], value: 0 }] };
    expect(() => writeNastranDeck({ ...model, steps: [badStep] })).toThrow(/node set "ghost", which is not defined/);
  });
});
