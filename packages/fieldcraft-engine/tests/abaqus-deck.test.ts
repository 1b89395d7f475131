// The Abaqus/CalculiX deck writer: structure, numbering, names and number fields.
import { describe, expect, it } from "vitest";
import { ALL_NODES_SET, FIELD_WIDTH, formatNumber, writeAbaqusDeck } from "../src/decks/abaqus.js";
import type { DeckModel } from "../src/decks/types.js";
import { boxTetMesh } from "./support/box-mesh.js";

function model(order: 1 | 2): DeckModel {
  const mesh = boxTetMesh({ size: [3, 2, 1], cells: [3, 2, 1], order, body: "Main part", jitter: 0.2 });
  return {
    heading: "deck test",
    units: "mm",
    mesh,
    nsets: [{ name: "root face", nodes: [0, 1, 2] }, { name: "ROOT-FACE", nodes: Int32Array.of(3) }],
    elsets: [{ name: "first", elements: [0, 1] }],
    materials: [{ name: "Steel 1", young: 210000, poisson: 0.3, density: 7.85e-9 }],
    sections: [{ elset: "Main part", material: "Steel 1" }],
    steps: [
      { name: "Load", boundaries: [{ nset: "root face", components: [1, 2, 3], value: 0 }], cloads: [{ node: 4, component: 3, value: -1 / 3 }], pressures: [{ element: 2, side: 3, value: 1.5 }] },
    ],
  };
}

const section = (deck: string, keyword: string) => {
  const lines = deck.split("\n");
  const start = lines.findIndex((l) => l.toUpperCase().startsWith(keyword));
  const out: string[] = [];
  for (let i = start + 1; i < lines.length && !lines[i].startsWith("*"); i++) out.push(lines[i]);
  return { header: lines[start], lines: out };
};

describe("writeAbaqusDeck", () => {
  for (const order of [1, 2] as const)
    it(`writes nodes and ${order === 1 ? "C3D4" : "C3D10"} elements with ids = index + 1`, () => {
      const m = model(order);
      const deck = writeAbaqusDeck(m);
      const nodes = section(deck, "*NODE\n".trim());
      expect(nodes.lines.length).toBe(m.mesh.nodes.length / 3);
      const [id, x, y, z] = nodes.lines[7].split(",").map(Number);
      expect([id, x, y, z]).toEqual([8, m.mesh.nodes[21], m.mesh.nodes[22], m.mesh.nodes[23]]);
      const el = section(deck, "*ELEMENT");
      expect(el.header).toBe(`*ELEMENT, TYPE=${m.mesh.type}, ELSET=Main_part`);
      const npe = order === 2 ? 10 : 4;
      expect(el.lines.length).toBe(m.mesh.elements.length / npe);
      const row = el.lines[5].split(",").map(Number);
      expect(row).toEqual([6, ...Array.from(m.mesh.elements.subarray(5 * npe, 6 * npe), (n) => n + 1)]);
      for (const line of deck.split("\n")) expect(line.length).toBeLessThanOrEqual(132);
    });

  it("names sets, materials and sections as Abaqus accepts them, distinct ignoring case", () => {
    const deck = writeAbaqusDeck(model(1));
    expect(deck).toContain("*NSET, NSET=root_face\n1, 2, 3\n");
    expect(deck).toContain("*NSET, NSET=ROOT_FACE_2\n4\n");
    expect(deck).toContain(`*NSET, NSET=${ALL_NODES_SET}, GENERATE`);
    expect(deck).toContain("*ELSET, ELSET=first\n1, 2\n");
    expect(deck).toContain("*MATERIAL, NAME=Steel_1\n*ELASTIC\n210000., 0.3\n*DENSITY\n7.85e-9\n");
    expect(deck).toContain("*SOLID SECTION, ELSET=Main_part, MATERIAL=Steel_1");
    expect(deck).toContain("*BOUNDARY\nroot_face, 1, 1, 0.\nroot_face, 2, 2, 0.\nroot_face, 3, 3, 0.\n");
    expect(deck).toContain("*CLOAD\n5, 3, -0.3333333333333333\n");
    expect(deck).toContain("*DLOAD\n3, P4, 1.5\n");
    expect(deck).toContain(`*NODE PRINT, NSET=${ALL_NODES_SET}\nU\n`);
    expect(deck).toContain("*NODE PRINT, NSET=root_face, TOTALS=YES\nRF\n");
  });

  it("picks the solver: SPOOLES for small models, the iterative Cholesky above the limit, or as asked", () => {
    expect(writeAbaqusDeck(model(1))).toContain("*STATIC, SOLVER=SPOOLES");
    expect(writeAbaqusDeck(model(1), { directLimit: 10 })).toContain("*STATIC, SOLVER=ITERATIVE CHOLESKY");
    expect(writeAbaqusDeck(model(1), { solver: "PARDISO" })).toContain("*STATIC, SOLVER=PARDISO");
  });

  it("refuses sections that name unknown sets or materials", () => {
    const m = model(1);
    m.sections = [{ elset: "nowhere", material: "Steel 1" }];
    expect(() => writeAbaqusDeck(m)).toThrow(/element set "nowhere"/);
    m.sections = [{ elset: "first", material: "Unobtainium" }];
    expect(() => writeAbaqusDeck(m)).toThrow(/material "Unobtainium"/);
  });

  it("numbers keep full precision within CalculiX's 20-character field", () => {
    const values = [1 / 3, -2 / 3, 1.7763568394002505e-15, -1.7763568394002505e-15, -0.012345678901234567, 123456.78901234567, -1.2345678901234567e300, 0, 100];
    for (const v of values) {
      const s = formatNumber(v);
      expect(s.length).toBeLessThanOrEqual(FIELD_WIDTH);
      expect(/[.e]/.test(s)).toBe(true);
      if (String(v).length + (Number.isInteger(v) ? 1 : 0) <= FIELD_WIDTH) expect(Number(s)).toBe(v);
      else expect(Math.abs(Number(s) - v)).toBeLessThanOrEqual(Math.abs(v) * 1e-11);
    }
    expect(() => formatNumber(Number.NaN)).toThrow(/NaN/);
  });
});
