// Nastran and LS-DYNA decks of frequency and heat steps and of planar meshes, written through deck.write and
// read back by readers that are not the writers: meshio (Nastran grids and solids), the card reader written from
// the Nastran QRG's column rules (support/nastran-cards.ts) and the keyword reader written from the LS-DYNA
// manual (support/lsdyna-reader.ts). Totals (flux times area, body heat times volume, forces) are recomputed from
// the cards' own grids and compared with the model's loads.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { readLsDyna, type LsDynaDeck } from "./support/lsdyna-reader.js";
import { readWithMeshio } from "./support/meshio.js";
import { nastranReal, readNastran, type BulkCard } from "./support/nastran-cards.js";
import { ok, refused } from "./session-helpers.js";

const BLOCK = fileURLToPath(new URL("./corpus/block/block.solidcraft", import.meta.url));
const dir = mkdtempSync(join(tmpdir(), "fc-decks-mhp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type V = [number, number, number];
const sub = (a: V, b: V): V => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V) => Math.hypot(...a);
const triArea = (p: V[]) => norm(cross(sub(p[1], p[0]), sub(p[2], p[0]))) / 2;
const polyArea = (p: V[]) => (p.length === 3 || p[3] === p[2] ? triArea(p.slice(0, 3)) : triArea([p[0], p[1], p[2]]) + triArea([p[0], p[2], p[3]]));
const tetVolume = (p: V[]) => Math.abs(cross(sub(p[1], p[0]), sub(p[2], p[0])).reduce((s, x, k) => s + x * sub(p[3], p[0])[k], 0)) / 6;

async function block(order: 1 | 2, material: Record<string, unknown>): Promise<Session> {
  const s = createSession();
  await ok(s, "geometry.open", { path: BLOCK });
  await ok(s, "mesh.tet.generate", { body: "Block", size: 10, order });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Block" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Block", face: "F1:-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Block", face: "F1:+x" }] });
  await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Block", face: "F1:+z" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9, ...material });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } });
  return s;
}

async function deck(s: Session, format: "nastran" | "lsdyna", name: string, steps?: string[]): Promise<string> {
  const path = join(dir, name);
  await ok(s, "deck.write", { format, path, ...(steps ? { steps } : {}) });
  return readFileSync(path, "utf8");
}

/** Grids of a Nastran deck by id (GRID cards: ID CP X1 X2 X3 CD PS). */
function grids(cards: BulkCard[]): Map<number, V> {
  return new Map(cards.filter((c) => c.name === "GRID").map((c) => [Number(c.fields[0]), [2, 3, 4].map((k) => nastranReal(c.fields[k])) as V]));
}

const rootNodes = (s: Session) => {
  const X = s.model().mesh!.mesh.nodes;
  const out: number[] = [];
  for (let n = 0; n < X.length / 3; n++) if (X[3 * n] === 0) out.push(n + 1);
  return out;
};

describe("frequency decks", () => {
  it("Nastran SOL 103: METHOD per subcase, EIGRL with the range and the number of roots, MAT1 with RHO; meshio reads the mesh", async () => {
    const s = await block(2, {});
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 10, min_hz: 1.5, max_hz: 20000 }, boundary_conditions: ["clamp"] });
    await ok(s, "model.step.create", { name: "Few", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] });
    const text = await deck(s, "nastran", "modes.bdf");
    const d = readNastran(text);
    expect(d.caseControl).toContain("SOL 103");
    expect(d.caseControl.join("\n")).toMatch(/SUBCASE 1\n\s*LABEL = Modes\n\s*SPC = 1\n\s*METHOD = 1\nSUBCASE 2\n\s*LABEL = Few\n\s*SPC = 2\n\s*METHOD = 2/);
    const eigrl = d.cards.filter((c) => c.name === "EIGRL");
    expect(eigrl.map((c) => [Number(c.fields[0]), c.fields[1] && nastranReal(c.fields[1]), c.fields[2] && nastranReal(c.fields[2]), Number(c.fields[3])])).toEqual([
      [1, 1.5, 20000, 10],
      [2, "", "", 3],
    ]);
    const spc1 = d.cards.filter((c) => c.name === "SPC1" && c.fields[0] === "1");
    expect(spc1.map((c) => c.fields[1])).toEqual(["123"]);
    expect(spc1[0].fields.slice(2).map(Number).sort((a, b) => a - b)).toEqual(rootNodes(s));
    expect(d.cards.filter((c) => c.name === "FORCE" || c.name === "LOAD")).toEqual([]);
    const mat = d.cards.find((c) => c.name === "MAT1")!;
    expect([nastranReal(mat.fields[1]), nastranReal(mat.fields[3]), nastranReal(mat.fields[4])]).toEqual([210000, 0.3, 7.85e-9]);
    const path = join(dir, "modes-meshio.bdf");
    writeFileSync(path, text);
    const m = readWithMeshio(path, "nastran");
    expect(m.cells.map((c) => c.type)).toEqual(["tetra10"]);
    expect(m.cells[0].data.length).toBe(s.model().mesh!.mesh.elements.length / 10);
  });

  it("LS-DYNA: *CONTROL_IMPLICIT_EIGENVALUE with NEIG and the range, supports as SPC sets; one frequency step per deck", async () => {
    const s = await block(1, {});
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 12, min_hz: 10 }, boundary_conditions: ["clamp"] });
    await ok(s, "model.step.create", { name: "More", procedure: { type: "frequency", modes: 4 }, boundary_conditions: ["clamp"] });
    const d = readLsDyna(await deck(s, "lsdyna", "modes.k", ["Modes"]));
    // NEIG CENTER LFLAG LFTEND RFLAG RHTEND
    expect(d.control["*CONTROL_IMPLICIT_EIGENVALUE"].slice(0, 6)).toEqual([12, 0, 1, 10, 0, null]);
    expect(d.control["*CONTROL_IMPLICIT_GENERAL"].slice(0, 2)).toEqual([1, 1]);
    expect(d.control["*CONTROL_TERMINATION"][0]).toBe(0);
    const root = [...d.nodeSets.entries()].find(([, v]) => v.title === "root")!;
    expect(d.spcSets).toEqual([{ nsid: root[0], cid: 0, dofs: [1, 1, 1] }]);
    expect(root[1].nodes.sort((a, b) => a - b)).toEqual(rootNodes(s));
    expect(d.materials.get(1)).toMatchObject({ ro: 7.85e-9, e: 210000, pr: 0.3 });
    expect(d.nodeLoads).toEqual([]);
    const both = await refused(s, "deck.write", { format: "lsdyna", path: join(dir, "both.k") });
    expect(both.error).toMatch(/LS-DYNA decks hold one frequency step, but 2 are written \("Modes", "More"\)/);
  });
});

describe("heat decks", () => {
  async function heatModel(order: 1 | 2) {
    const s = await block(order, { conductivity: 0.05, specific_heat: 4.6e8 });
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 });
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.01 });
    await ok(s, "model.load.create", { name: "source", type: "body_heat", target: { set: "all" }, value: 1e-5 });
    await ok(s, "model.load.create", { name: "air", type: "film", target: { set: "top" }, coefficient: 1e-4, sink: 25 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["cold"], loads: ["in", "source", "air"] });
    return s;
  }

  for (const order of [1, 2] as const)
    it(`Nastran SOL 153 (${order === 1 ? "CTETRA 4" : "CTETRA 10"}): MAT4, temperatures as SPC, QBDY1 over CHBDYG, QVOL, CONV to a held SPOINT`, async () => {
      const s = await heatModel(order);
      const d = readNastran(await deck(s, "nastran", `heat${order}.bdf`));
      const cc = d.caseControl.join("\n");
      expect(d.caseControl).toContain("SOL 153");
      expect(cc).toMatch(/THERMAL\(PRINT,PLOT\) = ALL/);
      expect(cc).toMatch(/NLPARM = 1\nTEMPERATURE\(INITIAL\) = 2\nSUBCASE 1\n\s*LABEL = Heat\n\s*SPC = 1\n\s*LOAD = 1/);
      const cards = (name: string) => d.cards.filter((c) => c.name === name);
      expect(cards("NLPARM").map((c) => c.fields[0])).toEqual(["1"]);
      expect(cards("TEMPD").map((c) => [c.fields[0], nastranReal(c.fields[1])])).toEqual([["2", 20]]);
      const mat4 = cards("MAT4");
      // The material (K, CP, RHO), then the film's H under its own id.
      expect(mat4.map((c) => c.fields.map((f) => (f === "" ? "" : nastranReal(f))))).toEqual([[1, 0.05, 4.6e8, 7.85e-9], [2, "", "", "", 1e-4]]);
      expect(cards("PCONV").map((c) => c.fields.map(Number))).toEqual([[1, 2]]);
      const G = grids(d.cards);
      const nn = s.model().mesh!.mesh.nodes.length / 3;
      // Temperatures: SPC on component 1 of every root grid at 20; the sink SPOINT held at 25.
      const spc = cards("SPC");
      const held = new Map(spc.map((c) => [Number(c.fields[1]), [c.fields[2], nastranReal(c.fields[3])]]));
      for (const n of rootNodes(s)) expect(held.get(n)).toEqual(["1", 20]);
      const spoints = cards("SPOINT").flatMap((c) => c.fields.map(Number));
      expect(spoints).toEqual([nn + 1]);
      expect(held.get(nn + 1)).toEqual(["0", 25]);
      // Boundary elements: AREA3 / AREA6 with the face's grids.
      const chbdy = new Map(cards("CHBDYG").map((c) => [Number(c.fields[0]), { type: c.fields[2], grids: c.fields.slice(8).filter((x) => x !== "").map(Number) }]));
      for (const b of chbdy.values()) {
        expect(b.type).toBe(order === 1 ? "AREA3" : "AREA6");
        expect(b.grids).toHaveLength(order === 1 ? 3 : 6);
      }
      const area = (eid: number) => triArea(chbdy.get(eid)!.grids.slice(0, 3).map((g) => G.get(g)!));
      // The flux: q times the boundary elements' area is the 10 x 10 tip's total.
      const qbdy = cards("QBDY1");
      expect(qbdy).toHaveLength(1);
      const flux = nastranReal(qbdy[0].fields[1]) * qbdy[0].fields.slice(2).map(Number).reduce((t, e) => t + area(e), 0);
      expect(flux).toBeCloseTo(0.01 * 100, 10);
      for (const e of qbdy[0].fields.slice(2).map(Number)) expect(chbdy.get(e)!.grids.every((g) => G.get(g)![0] === 100)).toBe(true);
      // Body heat: q''' times the listed tetrahedra's volume is the block's 100 x 10 x 10.
      const qvol = cards("QVOL");
      expect(qvol).toHaveLength(1);
      const tets = new Map(cards("CTETRA").map((c) => [Number(c.fields[0]), c.fields.slice(2, 6).map(Number)]));
      const volume = qvol[0].fields.slice(3).map(Number).reduce((t, e) => t + tetVolume(tets.get(e)!.map((g) => G.get(g)!)), 0);
      expect(nastranReal(qvol[0].fields[1]) * volume).toBeCloseTo(1e-5 * 10000, 10);
      // Films: a CONV per top face, each to the sink SPOINT, their boundary elements covering the 100 x 10 top.
      const conv = cards("CONV");
      expect(new Set(conv.map((c) => `${c.fields[1]}:${c.fields[4]}`))).toEqual(new Set([`1:${nn + 1}`]));
      expect(conv.reduce((t, c) => t + area(Number(c.fields[0])), 0)).toBeCloseTo(1000, 9);
      for (const c of conv) expect(chbdy.get(Number(c.fields[0]))!.grids.every((g) => G.get(g)![2] === 10)).toBe(true);
    });

  it("LS-DYNA thermal: SOLN 1 steady, *MAT_THERMAL_ISOTROPIC on the part, temperature, flux, film and heat generation sets", async () => {
    const s = await heatModel(1);
    const d: LsDynaDeck = readLsDyna(await deck(s, "lsdyna", "heat.k"));
    expect(d.control["*CONTROL_SOLUTION"][0]).toBe(1);
    expect(d.control["*CONTROL_THERMAL_SOLVER"][0]).toBe(0);
    const part = d.parts.get(1)!;
    expect(d.thermalMaterials.get(part.tmid)).toEqual({ title: "Steel", tro: 7.85e-9, hc: 4.6e8, tc: 0.05 });
    const root = [...d.nodeSets.entries()].find(([, v]) => v.title === "root")!;
    expect(d.temperatures).toEqual([{ nsid: root[0], lcid: 0, cmult: 20 }]);
    const segArea = (ssid: number) => d.segmentSets.get(ssid)!.segments.reduce((t, seg) => t + polyArea(seg.map((n) => d.nodes.get(n)! as V)), 0);
    expect(d.fluxes).toHaveLength(1);
    expect(d.fluxes[0].lcid).toBe(0);
    expect(d.fluxes[0].mlc).toEqual([0.01, 0.01, 0.01, 0.01]);
    expect(segArea(d.fluxes[0].ssid) * 0.01).toBeCloseTo(1, 10);
    expect(d.convections).toEqual([{ ssid: expect.any(Number), hlcid: 0, hmult: 1e-4, tlcid: 0, tmult: 25 }]);
    expect(segArea(d.convections[0].ssid)).toBeCloseTo(1000, 9);
    // Segments wind outward (right-hand normal out of the body): the top's normals point up.
    for (const seg of d.segmentSets.get(d.convections[0].ssid)!.segments) {
      const P = seg.slice(0, 3).map((n) => d.nodes.get(n)! as V);
      expect(cross(sub(P[1], P[0]), sub(P[2], P[0]))[2]).toBeGreaterThan(0);
    }
    expect(d.heatGeneration).toEqual([{ sid: expect.any(Number), lcid: 0, cmult: 1e-5 }]);
    const heated = d.solidSets.get(d.heatGeneration[0].sid)!.elements;
    const volume = heated.reduce((t, e) => t + tetVolume(d.elements.get(e)!.nodes.slice(0, 4).map((n) => d.nodes.get(n)! as V)), 0);
    expect(volume).toBeCloseTo(10000, 8);
  });
});

describe("planar decks", () => {
  function design(min: number[], max: number[]): string {
    const path = join(dir, `plate-${min.join("_")}.solidcraft`);
    writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min, max }] }] }));
    return path;
  }
  const edgeWith = (edges: string[], face: string) => edges.find((e) => e.split("|").includes(face))!;

  async function plate(element: string, kind: Record<string, unknown>, min = [0, 0, 0], max = [100, 40, 2]) {
    const s = createSession();
    await ok(s, "geometry.open", { path: design(min, max) });
    const meshed = await ok(s, "mesh.planar", { body: "Plate", element, size: 10 });
    const edges: string[] = meshed.mesh.edges;
    await ok(s, "model.set.create", { name: "left", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-x") }] });
    await ok(s, "model.set.create", { name: "bottom", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-y") }] });
    await ok(s, "model.set.create", { name: "right", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:+x") }] });
    await ok(s, "model.set.create", { name: "plate", geometry: [{ body: "Plate" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 });
    await ok(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind });
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "left" } });
    await ok(s, "model.load.create", { name: "pull", type: "pressure", magnitude: -10, target: { set: "right" } });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] });
    return s;
  }

  const forceTotal = (d: ReturnType<typeof readNastran>) =>
    d.cards.filter((c) => c.name === "FORCE").reduce((t, c) => [0, 1, 2].map((k) => t[k] + nastranReal(c.fields[3]) * nastranReal(c.fields[4 + k])), [0, 0, 0]);

  for (const [element, card] of [["CPS8", "CPLSTS8"], ["CPS3", "CPLSTS3"], ["CPE4", "CPLSTN4"], ["CPE6", "CPLSTN6"]] as const)
    it(`Nastran ${element}: ${card} on PPLANE with the thickness, grids held out of plane (PS 3456), forces for the thickness`, async () => {
      const kind = element.startsWith("CPS") ? { type: "plane_stress", thickness: 2 } : { type: "plane_strain", thickness: 2 };
      const s = await plate(element, kind);
      const d = readNastran(await deck(s, "nastran", `${element}.bdf`));
      const mesh = s.model().mesh!.mesh;
      const npe = Number(element.slice(3));
      const els = d.cards.filter((c) => c.name === card);
      expect(els).toHaveLength(mesh.elements.length / npe);
      els.forEach((c, e) => expect(c.fields.slice(2, 2 + npe).map(Number)).toEqual(Array.from(mesh.elements.subarray(e * npe, (e + 1) * npe), (n) => n + 1)));
      expect(d.cards.filter((c) => c.name === "PPLANE").map((c) => [Number(c.fields[0]), Number(c.fields[1]), nastranReal(c.fields[2])])).toEqual([[1, 1, 2]]);
      const gridCards = d.cards.filter((c) => c.name === "GRID");
      expect(new Set(gridCards.map((c) => c.fields[6]))).toEqual(new Set(["3456"]));
      // 10 MPa pulling on the 40 x 2 edge.
      const total = forceTotal(d);
      expect(total[0]).toBeCloseTo(800, 8);
      expect(Math.abs(total[1])).toBeLessThan(1e-9);
      expect(d.cards.filter((c) => c.name === "SPC1").map((c) => c.fields[1])).toEqual(["12"]);
    });

  it("Nastran CAX8: CQUADX8 on PSOLID, forces for the full circle; LS-DYNA CAX4: ELFORM 15 shells with forces per radian", async () => {
    const a = 10, L = 5, p = 100;
    for (const element of ["CAX8", "CAX4"]) {
      const s = createSession();
      await ok(s, "geometry.open", { path: design([a, 0, 0], [20, L, 1]) });
      const meshed = await ok(s, "mesh.planar", { body: "Plate", element, size: 2.5 });
      const edges: string[] = meshed.mesh.edges;
      await ok(s, "model.set.create", { name: "bore", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-x") }] });
      await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-y") }] });
      await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Plate" }] });
      await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
      await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "axisymmetric" } });
      await ok(s, "model.boundary_condition.create", { name: "end", type: "displacement", components: { u2: 0 }, target: { set: "end" } });
      await ok(s, "model.load.create", { name: "p", type: "pressure", magnitude: p, target: { set: "bore" } });
      await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["end"], loads: ["p"] });
      const full = p * 2 * Math.PI * a * L;
      if (element === "CAX8") {
        const d = readNastran(await deck(s, "nastran", "cax8.bdf"));
        expect(d.cards.filter((c) => c.name === "CQUADX8")).toHaveLength(s.model().mesh!.mesh.elements.length / 8);
        expect(d.cards.filter((c) => c.name === "PSOLID").map((c) => c.fields.map(Number))).toEqual([[1, 1]]);
        expect(forceTotal(d)[0]).toBeCloseTo(full, 7);
        expect(d.cards.filter((c) => c.name === "SPC1").map((c) => c.fields[1])).toEqual(["2"]);
        const lsdyna = await refused(s, "deck.write", { format: "lsdyna", path: join(dir, "cax8.k") });
        expect(lsdyna.error).toMatch(/LS-DYNA's 2D elements .* have 3 or 4 nodes, so CAX8 cannot be written: mesh with CAX4/);
      } else {
        const d = readLsDyna(await deck(s, "lsdyna", "cax4.k"));
        expect(d.sections.get(1)).toMatchObject({ elform: 15, shell: true });
        const mesh = s.model().mesh!.mesh;
        expect(d.shells.size).toBe(mesh.elements.length / 4);
        for (const [eid, sh] of d.shells) expect(sh.nodes).toEqual(Array.from(mesh.elements.subarray((eid - 1) * 4, eid * 4), (n) => n + 1));
        const fx = d.nodeLoads.filter((l) => l.dof === 1).reduce((t, l) => t + l.sf, 0);
        expect(fx).toBeCloseTo(full / (2 * Math.PI), 4);
        expect(d.spcSets.map((x) => x.dofs)).toEqual([[0, 1, 0]]);
      }
    }
  });

  it("LS-DYNA CPS3: ELFORM 12 shells with the thickness, triangles repeating N3; frequency of a plate", async () => {
    const s = await plate("CPS3", { type: "plane_stress", thickness: 2 });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 4 }, boundary_conditions: ["clamp"] });
    const d = readLsDyna(await deck(s, "lsdyna", "cps3.k", ["Load"]));
    expect(d.sections.get(1)).toEqual({ elform: 12, shell: true, thickness: [2, 2, 2, 2] });
    for (const sh of d.shells.values()) expect(sh.nodes[3]).toBe(sh.nodes[2]);
    expect(d.nodeLoads.filter((l) => l.dof === 1).reduce((t, l) => t + l.sf, 0)).toBeCloseTo(800, 4);
    expect(d.spcSets.map((x) => x.dofs)).toEqual([[1, 1, 0]]);
    const modes = readNastran(await deck(s, "nastran", "cps3-modes.bdf", ["Modes"]));
    expect(modes.caseControl).toContain("SOL 103");
    expect(modes.cards.filter((c) => c.name === "CPLSTS3").length).toBeGreaterThan(0);
  });
});
