// model.check tells the truth: no warning on a correct model of any mesh kind or procedure (each sample too), and
// the right warning or error on a broken one. Plus each mesh kind's measure by its own family against closed forms,
// planar mesh quality in its own plane, and the reaction balance of heat steps.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { SAMPLES } from "../src/files/samples/index.js";
import { meshBodyMeasures } from "../src/mesh/measure.js";
import { meshQuality } from "../src/mesh/quality.js";
import { ok, refused } from "./session-helpers.js";
import { runCcx } from "./support/ccx.js";

const dir = mkdtempSync(join(tmpdir(), "fc-check-diag-"));
function designFile(name: string, feature: object): string {
  const path = join(dir, `${name}.solidcraft`);
  writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Part", features: [feature] }] }));
  return path;
}
// A 20 x 10 x 4 block (800 mm^3) and an L extruded 4 deep ((20*5 + 5*10) * 4 = 600 mm^3); an annulus section for CAX.
const BOX = designFile("box", { id: "F1", type: "box", min: [0, 0, 0], max: [20, 10, 4] });
const L = designFile("l", { id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [20, 0], [20, 5], [5, 5], [5, 15], [0, 15]], from: 0, to: 4 });
const RING = designFile("ring", { id: "F1", type: "box", min: [10, 0, 0], max: [14, 6, 1] });

const STEEL = { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 };
const COPPER = { name: "Copper", conductivity: 0.4 }; // heat only: no elastic constants

type Mesher = { command: string; params: object; planar?: "plane_stress" | "plane_strain" | "axisymmetric" };
const MESHERS: Record<string, Mesher & { design: string }> = {
  tet: { design: BOX, command: "mesh.tet.generate", params: { size: 4, order: 1 } },
  tet10: { design: L, command: "mesh.tet.generate", params: { size: 4, order: 2 } },
  hex: { design: BOX, command: "mesh.hex_mapped", params: { size: 4, order: 1 } },
  hex20: { design: BOX, command: "mesh.hex_mapped", params: { size: 5, order: 2 } },
  hexR: { design: BOX, command: "mesh.hex_mapped", params: { size: 4, order: 1, reduced: true } },
  sweep: { design: L, command: "mesh.hex_sweep", params: { size: 4, order: 1 } },
  wedge: { design: L, command: "mesh.hex_sweep", params: { size: 4, order: 1, wedges: true } },
  wedge15: { design: L, command: "mesh.hex_sweep", params: { size: 4, order: 2, wedges: true } },
  CPS4: { design: BOX, command: "mesh.planar", params: { body: "Part", element: "CPS4", size: 4 }, planar: "plane_stress" },
  CPS6: { design: L, command: "mesh.planar", params: { body: "Part", element: "CPS6", size: 4 }, planar: "plane_stress" },
  CPE3: { design: L, command: "mesh.planar", params: { body: "Part", element: "CPE3", size: 4 }, planar: "plane_strain" },
  CPE8: { design: BOX, command: "mesh.planar", params: { body: "Part", element: "CPE8", size: 4 }, planar: "plane_strain" },
  CAX8: { design: RING, command: "mesh.planar", params: { body: "Part", element: "CAX8", size: 2 }, planar: "axisymmetric" },
};

const KIND = { plane_stress: { type: "plane_stress", thickness: 2 }, plane_strain: { type: "plane_strain" }, axisymmetric: { type: "axisymmetric" } } as const;

/** The faces (3D) or edges (planar) at the smallest and largest x: where the part is held and loaded. */
async function ends(s: Session, planar: boolean): Promise<{ root: object; tip: object }> {
  if (planar) {
    const mesh = s.model().mesh!.mesh;
    const X = mesh.nodes;
    const xs = Array.from({ length: X.length / 3 }, (_, n) => X[3 * n]);
    const lo = Math.min(...xs), hi = Math.max(...xs);
    const at = (x: number) => [...new Set(mesh.faceTags.map((t) => t.face))].find((edge) => {
      const b = s.model().design!.design.bodies[0].edges.find((e) => e.name === edge)!;
      return b.segments.every(([p, q]) => Math.abs(p[0] - x) < 1e-9 && Math.abs(q[0] - x) < 1e-9);
    })!;
    return { root: { body: "Part", edge: at(lo) }, tip: { body: "Part", edge: at(hi) } };
  }
  const bodies = await ok(s, "geometry.bodies");
  const faces: { name: string; normal: number[] }[] = bodies.bodies[0].faces;
  return { root: { body: "Part", face: faces.find((f) => f.normal[0] < -0.99)!.name }, tip: { body: "Part", face: faces.find((f) => f.normal[0] > 0.99)!.name } };
}

/** A correct model: the mesh, every element in a section, held at the root and loaded at the tip, in one step. */
async function model(kind: string, procedure: "static" | "frequency" | "heat" = "static"): Promise<Session> {
  const m = MESHERS[kind];
  const s = createSession();
  await ok(s, "geometry.open", { path: m.design });
  await ok(s, m.command, m.params);
  const { root, tip } = await ends(s, m.planar !== undefined);
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Part" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [root] });
  await ok(s, "model.set.create", { name: "tip", geometry: [tip] });
  const material = procedure === "heat" ? COPPER : STEEL;
  await ok(s, "model.material.create", material);
  await ok(s, "model.section.create", { name: "sec", set: "all", material: material.name, kind: m.planar ? KIND[m.planar] : { type: "solid" } });
  if (procedure === "heat") {
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 });
    await ok(s, "model.boundary_condition.create", { name: "hot", type: "temperature", target: { set: "tip" }, value: 80 });
    await ok(s, "model.step.create", { name: "Step", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold", "hot"], loads: [] });
    return s;
  }
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  if (procedure === "frequency") {
    await ok(s, "model.step.create", { name: "Step", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"], loads: [] });
    return s;
  }
  await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, -100, 0] });
  await ok(s, "model.step.create", { name: "Step", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] });
  return s;
}

type Report = { ok: boolean; errors: { item: string; message: string }[]; warnings: { item: string; message: string }[] };
const check = (s: Session): Promise<Report> => ok(s, "model.check");

describe("model.check gives no warning on a correct model", () => {
  it.each(SAMPLES.map((x) => x.name))("sample %s", async (name) => {
    const s = createSession();
    await ok(s, "file.sample", { name });
    const r = await check(s);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it.each([
    ["tet", "static"], ["tet10", "static"], ["hex", "static"], ["hex20", "static"], ["hexR", "static"], ["sweep", "static"], ["wedge", "static"], ["wedge15", "static"],
    ["CPS4", "static"], ["CPS6", "static"], ["CPE3", "static"], ["CPE8", "static"], ["CAX8", "static"],
    ["tet", "frequency"], ["hex", "frequency"], ["CPS4", "frequency"],
    ["tet", "heat"], ["hex", "heat"], ["CPS4", "heat"],
  ] as const)("%s mesh, %s step", async (kind, procedure) => {
    const s = await model(kind, procedure);
    const r = await check(s);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it("a structured block (mesh.block) made while a design is open is not compared with the design", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: BOX });
    await ok(s, "mesh.block", { name: "Blk", min: [0, 0, 0], max: [30, 10, 4], counts: [3, 1, 1], element: "C3D8" });
    expect(await check(s)).toMatchObject({ ok: true, errors: [], warnings: [] });
  });

  it.each(["tet", "hex"])("%s mesh, explicit step pushed by the tip load", async (kind) => {
    const s = await model(kind);
    await ok(s, "model.step.create", { name: "Dynamic", procedure: { type: "explicit", duration: 1e-5 }, boundary_conditions: ["clamp"], loads: ["push"] });
    const r = await check(s);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});

describe("model.check names what is wrong on a broken model", () => {
  const cases: { name: string; kind: string; procedure?: "static" | "frequency" | "heat"; breakIt: (s: Session) => Promise<unknown>; error?: RegExp; warning?: RegExp }[] = [
    {
      name: "a static step that loads nothing and prescribes nothing (tet)",
      kind: "tet",
      breakIt: (s) => ok(s, "model.step.create", { name: "Idle", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: [] }),
      warning: /step Idle.*holds no load and prescribes no displacement: its solution is zero/,
    },
    {
      name: "a frequency step that lists a load it ignores (hex)",
      kind: "hex",
      breakIt: (s) => ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"], loads: ["push"] }),
      warning: /step Modes.*lists loads \(push\), which a frequency step does not use/,
    },
    {
      name: "a heat step at one temperature with no heat load (CPS4)",
      kind: "CPS4",
      procedure: "heat",
      breakIt: (s) => ok(s, "model.step.create", { name: "Flat", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold"], loads: [] }),
      warning: /step Flat.*holds no heat load and one temperature \(20\)/,
    },
    {
      name: "a static step on a heat-only material (tet)",
      kind: "tet",
      procedure: "heat",
      breakIt: async (s) => {
        await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
        await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, -100, 0] });
        return ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] });
      },
      error: /material Copper.*has no elastic, which step Load \(static\) needs: give it elastic/,
    },
    {
      name: "a frequency step on a material without density (CPS4)",
      kind: "CPS4",
      procedure: "heat",
      breakIt: async (s) => {
        await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
        return ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"], loads: [] });
      },
      error: /material Copper.*has no density, which step Modes \(frequency\) needs for the mass/,
    },
    {
      name: "a force load and a fixed support in a heat step (hex)",
      kind: "hex",
      procedure: "heat",
      breakIt: async (s) => {
        await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, -100, 0] });
        await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
        return ok(s, "model.step.create", { name: "Mixed", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold", "clamp"], loads: ["push"] });
      },
      error: /step Mixed: lists load push, a force load, which a heat step cannot use \(it takes heat_flux, film, body_heat\)\nstep Mixed: lists boundary condition clamp, a fixed condition, which a heat step cannot use \(it takes temperature\)/,
    },
    {
      name: "an explicit step that nothing moves (tet)",
      kind: "tet",
      breakIt: (s) => ok(s, "model.step.create", { name: "Still", procedure: { type: "explicit", duration: 1e-5 }, boundary_conditions: ["clamp"], loads: [] }),
      warning: /step Still.*holds no load, no initial velocity and no prescribed motion: nothing moves/,
    },
    {
      name: "a load no step uses (wedge)",
      kind: "wedge",
      breakIt: (s) => ok(s, "model.load.create", { name: "spare", type: "force", target: { set: "tip" }, vector: [1, 0, 0] }),
      warning: /load spare.*is not active in any step/,
    },
  ];

  it.each(cases)("$name", async ({ kind, procedure, breakIt, error, warning }) => {
    const s = await model(kind, procedure ?? "static");
    await breakIt(s);
    const r = await check(s);
    const line = (x: { item: string; message: string }) => `${x.item}: ${x.message}`;
    if (error) {
      expect(r.errors.map(line).join("\n")).toMatch(error);
      expect(r.ok).toBe(false);
    } else expect(r.errors).toEqual([]);
    if (warning) expect(r.warnings.map(line)).toEqual([expect.stringMatching(warning)]);
    else expect(r.warnings).toEqual([]);
  });

  it("a section missing on some elements is an error naming how many (hex)", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: BOX });
    await ok(s, "mesh.hex_mapped", { size: 4, order: 1 });
    await ok(s, "model.set.create", { name: "one", elements: [1] });
    await ok(s, "model.material.create", STEEL);
    await ok(s, "model.section.create", { name: "sec", set: "one", material: "Steel", kind: { type: "solid" } });
    const r = await check(s);
    expect(r.errors).toEqual([expect.objectContaining({ item: "mesh", message: `${s.model().mesh!.mesh.elementBody.length - 1} of ${s.model().mesh!.mesh.elementBody.length} elements have no section` })]);
  });

  it.each([
    ["hex", "volume 800 differs from the design body's 880"],
    ["wedge", "volume 600 differs from the design body's 660"],
    ["CPS4", "area 200 differs from the design face F1:-z's 220"],
  ] as const)("a %s mesh that misses part of the design (the design grew): its measure differs", async (kind, message) => {
    const s = await model(kind);
    // The same body 10% longer, opened over the kept model.
    const grown =
      MESHERS[kind].design === BOX
        ? designFile(`grown-${kind}`, { id: "F1", type: "box", min: [0, 0, 0], max: [22, 10, 4] })
        : designFile(`grown-${kind}`, { id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [20, 0], [20, 5], [5, 5], [5, 15], [0, 15]], from: 0, to: 4.4 });
    await ok(s, "geometry.open", { path: grown, model: "keep" });
    const r = await check(s);
    expect(r.warnings.map((w) => w.message).join("\n")).toContain(message);
  });
});

describe("each mesh kind measured by its own family", () => {
  it.each([
    ["tet", 800], ["tet10", 600], ["hex", 800], ["hex20", 800], ["hexR", 800], ["sweep", 600], ["wedge", 600], ["wedge15", 600],
  ] as const)("%s: the volume is the design's closed form", async (kind, volume) => {
    const s = createSession();
    await ok(s, "geometry.open", { path: MESHERS[kind].design });
    await ok(s, MESHERS[kind].command, MESHERS[kind].params);
    const m = meshBodyMeasures(s.model().mesh!.mesh);
    expect(m.dimension).toBe(3);
    expect(m.measure[0] / volume).toBeCloseTo(1, 12);
  });

  it.each([
    // Face areas: the block's -z face 20 x 10, the L's 150, the ring's section 4 x 6 at radius 10..14.
    ["CPS4", 200, 2], ["CPS6", 150, 2], ["CPE3", 150, 1], ["CPE8", 200, 1],
  ] as const)("%s: area x thickness is the plate's volume", async (kind, area, thickness) => {
    const s = await model(kind);
    const m = meshBodyMeasures(s.model().mesh!.mesh);
    expect(m.dimension).toBe(2);
    expect(m.measure[0] / area).toBeCloseTo(1, 12);
    // The section's thickness (plane strain: 1 by default) times the measured area: the solved reaction carries it.
    const sec = s.model().definitions.sections[0].kind as { thickness?: number };
    expect((sec.thickness ?? 1) * m.measure[0]).toBeCloseTo(area * thickness, 9);
  });

  it("CAX8: the revolved volume 2 pi * integral of r dA is the ring's pi (14^2 - 10^2) * 6", async () => {
    const s = await model("CAX8");
    const m = meshBodyMeasures(s.model().mesh!.mesh);
    expect(m.measure[0]).toBeCloseTo(24, 10);
    expect((2 * Math.PI * m.moment![0]) / (Math.PI * (14 ** 2 - 10 ** 2) * 6)).toBeCloseTo(1, 12);
  });
});

describe("mesh.quality of planar meshes in their own plane", () => {
  it.each(["CPS4", "CPE8", "CPS6", "CPE3", "CAX8"])("%s: nothing inverted, angles of the element's own shape, areas summing to the face", async (kind) => {
    const s = await model(kind);
    const q = await ok(s, "mesh.quality", { worst: 1000 });
    expect(q.inverted).toBe(0);
    const mesh = s.model().mesh!.mesh;
    const quad = /[48]$/.test(kind);
    if (quad) {
      // Structured rectangles: every corner a right angle, scaled Jacobian 1.
      expect(q.dihedral.min).toBeCloseTo(90, 9);
      expect(q.dihedral.max).toBeCloseTo(90, 9);
      expect(q.scaled_jacobian.min).toBeCloseTo(1, 12);
    } else {
      expect(q.dihedral.min).toBeGreaterThan(0);
      expect(q.dihedral.max).toBeLessThan(180);
      expect(q.scaled_jacobian).toBeUndefined();
    }
    const total = q.worst.reduce((a: number, w: { volume: number }) => a + w.volume, 0);
    expect(q.worst).toHaveLength(mesh.elementBody.length);
    expect(total / meshBodyMeasures(mesh).measure[0]).toBeCloseTo(1, 12);
  });

  it("a clockwise quad and a quadratic triangle with a mid-side node pulled across are inverted", async () => {
    const s = await model("CPS4");
    const mesh = s.model().mesh!.mesh;
    // Mirrored in x, every element turns clockwise.
    const mirrored = Float64Array.from(mesh.nodes, (v, i) => (i % 3 === 0 ? -v : v));
    expect(meshQuality({ ...mesh, nodes: mirrored }).inverted).toBe(mesh.elementBody.length);
    // A CPS6 element whose first mid-side node is moved across the opposite corner: its corners stay counter-clockwise.
    const t = (await model("CPS6")).model().mesh!.mesh;
    const nodes = Float64Array.from(t.nodes);
    const [a, , c, mid] = [0, 1, 2, 3].map((k) => t.elements[k]);
    for (let d = 0; d < 2; d++) nodes[3 * mid + d] = t.nodes[3 * c + d] + 0.5 * (t.nodes[3 * c + d] - t.nodes[3 * a + d]);
    const q = meshQuality({ ...t, nodes }, 3);
    expect(q.inverted).toBeGreaterThanOrEqual(1);
    expect(q.worst[0].index).toBe(0);
  });
});

describe("heat reactions balance", () => {
  /** A 20 x 10 x 4 bar of conductivity k. */
  async function bar(kind: "tet" | "hex"): Promise<Session> {
    return model(kind, "heat");
  }

  it.each(["tet", "hex"] as const)("%s bar held at 20 and 80 at its ends: heat in = heat out (k A dT / L), imbalance at round-off", async (kind) => {
    const s = await bar(kind);
    await ok(s, "solve.heat");
    const r = await ok(s, "results.reactions", { sets: ["root", "tip"] });
    const q = (0.4 * 10 * 4 * 60) / 20; // k A dT / L
    expect(r.sets[1].heat_flow / q).toBeCloseTo(1, 9);
    expect(r.sets[0].heat_flow / -q).toBeCloseTo(1, 9);
    expect(r.relative_imbalance).toBeLessThan(1e-9);
  });

  it("hex bar with a flux in at one end and a fixed temperature at the other: the reaction equals the flux", async () => {
    const s = await bar("hex");
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.5 });
    await ok(s, "model.step.create", { name: "Flux", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold"], loads: ["in"] });
    await ok(s, "solve.heat", { step: "Flux" });
    const r = await ok(s, "results.reactions", { step: "Flux" });
    const flux = 0.5 * 10 * 4;
    expect(r.applied.heat_flow / flux).toBeCloseTo(1, 12);
    expect(r.sets[0].heat_flow / -flux).toBeCloseTo(1, 9);
    expect(r.relative_imbalance).toBeLessThan(1e-9);
  });

  it("a static step held by prescribed displacements only balances too (no applied load)", async () => {
    const s = await model("hex");
    await ok(s, "model.boundary_condition.create", { name: "pull", type: "displacement", target: { set: "tip" }, components: { u1: 0.01 } });
    await ok(s, "model.step.create", { name: "Stretch", procedure: { type: "static" }, boundary_conditions: ["clamp", "pull"], loads: [] });
    await ok(s, "solve.static", { step: "Stretch" });
    const r = await ok(s, "results.reactions", { step: "Stretch" });
    expect(Math.abs(r.sets[0].force[0])).toBeGreaterThan(1);
    expect(r.sets[0].force[0] / -r.sets[1].force[0]).toBeCloseTo(1, 9);
    expect(r.relative_imbalance).toBeLessThan(1e-9);
  });
});

describe("a heat-only material", () => {
  it("needs no elastic block: created, solved, written to a CalculiX deck without *ELASTIC", async () => {
    const s = await model("hex", "heat");
    expect((await check(s)).errors).toEqual([]);
    await ok(s, "solve.heat");
    const path = join(dir, "heat-only.inp");
    await ok(s, "deck.write", { format: "abaqus", path });
    const deck = readFileSync(path, "utf8");
    expect(deck).toMatch(/\*CONDUCTIVITY/);
    expect(deck).not.toMatch(/\*ELASTIC/);
    // Nastran's heat deck needs only MAT4; LS-DYNA's parts always name a structural material, and say so.
    await ok(s, "deck.write", { format: "nastran", path: join(dir, "heat-only.bdf") });
    expect(readFileSync(join(dir, "heat-only.bdf"), "utf8")).toMatch(/^MAT4/m);
    expect((await refused(s, "deck.write", { format: "lsdyna", path: join(dir, "heat-only.k") })).error).toMatch(/material "Copper" has no elastic constants, and every LS-DYNA part names a \*MAT_ELASTIC/);
    // CalculiX takes the deck and gives the same temperatures (a linear field between 20 and 80).
    const lines = (await runCcx(deck, { timeoutMs: 120_000 })).dat.split(/\r?\n/);
    const T = (s.model().results.Step.solution as { temperature: Float64Array }).temperature;
    const start = lines.findIndex((l) => /temperatures for set FC_ALL_NODES/.test(l));
    // The block's rows up to the first line that is not one (after the blank line under its title).
    const rows: string[][] = [];
    for (const l of lines.slice(start + 1)) {
      const f = l.trim().split(/\s+/);
      if (f.length === 2 && /^\d+$/.test(f[0])) rows.push(f);
      else if (rows.length > 0 && l.trim() !== "") break;
    }
    expect(rows).toHaveLength(T.length);
    for (const [id, t] of rows) expect(Math.abs(Number(t) - T[Number(id) - 1])).toBeLessThan(1e-6 * 60);
  });

  it("a static solve on it is refused naming the material and the property, and so is its deck", async () => {
    const s = await model("tet", "heat");
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, -100, 0] });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] });
    const message = /material Copper has no elastic, which step Load \(static\) needs: give it elastic \{type: isotropic, young, poisson\}/;
    expect((await refused(s, "solve.static", { step: "Load" })).error).toMatch(message);
    expect((await refused(s, "deck.write", { format: "abaqus", path: join(dir, "bad.inp"), steps: ["Load"] })).error).toMatch(message);
  });

  it("a material with no property any analysis reads is refused", async () => {
    const s = createSession();
    expect((await refused(s, "model.material.create", { name: "Nothing", density: 1e-9 })).error).toMatch(/give `elastic` \(stress analyses\), `conductivity` \(heat\) or `fluid` \(fluid steps\)/);
  });
});

describe("results survive edits that change no solved step", () => {
  it("a set, a material, a load, a boundary condition, a step, a camera turn and an edge seed after a solve keep the results; a section drops them, saying why", async () => {
    const s = await model("hex");
    await ok(s, "solve.static");
    const before = s.model().results.Step;
    await ok(s, "model.set.create", { name: "later", geometry: [{ body: "Part" }] });
    await ok(s, "model.material.create", { ...STEEL, name: "Other" });
    await ok(s, "model.load.create", { name: "more", type: "force", target: { set: "tip" }, vector: [1, 0, 0] });
    await ok(s, "model.boundary_condition.create", { name: "also", type: "fixed", target: { set: "tip" } });
    await ok(s, "model.step.create", { name: "Second", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["more"] });
    await ok(s, "ui.camera", { view: "top" });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge: (await ok(s, "geometry.bodies")).bodies[0].edges[0].name }], count: 3 });
    expect(s.model().results.Step).toBe(before);
    expect((await ok(s, "results.contour", { step: "Step" })).contour.field).toBe("displacement");
    // Saved and opened again, the kept results are the model's (their basis is the model as saved).
    const file = join(dir, "kept.fieldcraft");
    await ok(s, "file.save", { path: file });
    const reopened = createSession();
    await ok(reopened, "file.open", { path: file });
    expect(Object.keys(reopened.model().results)).toEqual(["Step"]);
    const r = await ok(s, "model.section.create", { name: "over", set: "later", material: "Other", kind: { type: "solid" } });
    expect(r).toMatchObject({ results_cleared: ["Step"], why_cleared: "a new section changes the material of the elements it covers" });
    expect(s.model().results.Step).toBeUndefined();
    const again = await ok(s, "model.section.create", { name: "third", set: "later", material: "Other", kind: { type: "solid" } });
    expect(again.results_cleared).toEqual([]);
    expect(again.why_cleared).toBeUndefined();
  });
});

describe("an initial condition after a solve", () => {
  it("drops the explicit step's results, saying why, and keeps the static step's", async () => {
    const s = await model("tet");
    await ok(s, "model.step.create", { name: "Dynamic", procedure: { type: "explicit", duration: 2e-6 }, boundary_conditions: ["clamp"], loads: ["push"] });
    await ok(s, "solve.static");
    await ok(s, "solve.explicit");
    expect(Object.keys(s.model().results).sort()).toEqual(["Dynamic", "Step"]);
    const r = await ok(s, "model.initial_condition.create", { name: "throw", type: "velocity", target: { set: "all" }, vector: [0, 0, 1000] });
    expect(r).toMatchObject({ results_cleared: ["Dynamic"], why_cleared: "a new initial condition changes how explicit steps start" });
    expect(Object.keys(s.model().results)).toEqual(["Step"]);
  });
});

describe("re-seeding an edge", () => {
  it("replaces its earlier seed there and says so; the mesh follows the new count", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: BOX });
    const edge = (await ok(s, "geometry.bodies")).bodies[0].edges.find((e: { length: number }) => Math.abs(e.length - 20) < 1e-9).name;
    const other = (await ok(s, "geometry.bodies")).bodies[0].edges.find((e: { length: number }) => Math.abs(e.length - 10) < 1e-9).name;
    const first = await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge }, { body: "Part", edge: other }], count: 4 });
    expect(first.replaced).toEqual([]);
    const second = await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge }], count: 7 });
    expect(second.replaced).toEqual([{ seed: 1, body: "Part", edge }]);
    const list = await ok(s, "mesh.seed.list");
    expect(list.seeds.map((x: { count: number; edges: { edge: string }[] }) => [x.count, x.edges.map((e) => e.edge)])).toEqual([[4, [other]], [7, [edge]]]);
    // Seeding the last edge of seed 1 again removes it.
    const third = await ok(s, "mesh.seed.edge", { edges: [{ body: "Part", edge: other }], count: 3 });
    expect(third.replaced).toEqual([{ seed: 1, body: "Part", edge: other }]);
    expect((await ok(s, "mesh.seed.list")).seeds).toHaveLength(2);
    const meshed = await ok(s, "mesh.hex_mapped", { size: 2, order: 1 });
    expect(meshed.mesh.elements).toBe(7 * 3 * 2);
  });
});
