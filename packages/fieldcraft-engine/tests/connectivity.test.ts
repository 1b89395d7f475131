// Connectivity and restraint are checked properties of a model: model.check names pieces that share no node and
// no tie, and the rigid motions (or temperatures) a step leaves free, by body; solve.static and solve.heat refuse
// with the same words before any assembly. A table of models, each with what check and solve must say, and the
// rank logic on synthetic holds whose free motions are known by hand.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { nullMotions, RIGID_MOTIONS } from "../src/fem/rigid-body.js";
import { ok, refused } from "./session-helpers.js";
import { writeDesign } from "./partition/fixtures.js";

const box = (name: string, min: number[], max: number[]) => ({ name, features: [{ id: "F1", type: "box", min, max }] });
const beam = [box("Beam", [0, 0, 0], [100, 10, 10])];
const STEEL = { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9, conductivity: 0.05 };

/** Material, a section over every body, and sets named `<body>-x` / `<body>+x` on each body's end faces. */
async function setUp(s: Session): Promise<void> {
  const bodies = s.model().mesh!.mesh.bodies;
  await ok(s, "model.material.create", STEEL);
  await ok(s, "model.set.create", { name: "all", geometry: bodies.map((body) => ({ body })) });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "steel", kind: { type: "solid" } });
  for (const body of new Set(bodies.map((b) => b.split("/")[0]))) {
    await ok(s, "model.set.create", { name: `${body}-x`, geometry: [{ body: bodies.find((b) => b.startsWith(body))!, face: "F1:-x" }] });
    await ok(s, "model.set.create", { name: `${body}+x`, geometry: [{ body: bodies.findLast((b) => b.startsWith(body))!, face: "F1:+x" }] });
  }
}

async function opened(bodies: unknown[], mesh: (s: Session) => Promise<unknown> = (s) => ok(s, "mesh.hex_blocks", { size: 5, order: 1 })) {
  const s = createSession();
  await ok(s, "geometry.open", { path: writeDesign(bodies) });
  await mesh(s);
  await setUp(s);
  return s;
}

/** A static step: the named conditions (created from [name, set, type-specific params]), a pull on `Beam+x`. */
async function staticStep(s: Session, bcs: [string, Record<string, unknown>][]): Promise<void> {
  for (const [name, bc] of bcs) await ok(s, bc.datum ? "model.boundary_condition.symmetry" : "model.boundary_condition.create", { name, ...bc });
  await ok(s, "model.load.create", { name: "pull", type: "force", target: { set: "Beam+x" }, vector: [0, 0, -100] });
  await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: bcs.map(([n]) => n), loads: ["pull"] });
}

/** model.check's connectivity items (pieces, ties, free motions, undetermined temperatures). */
type Item = { item: string; message: string; command?: string };

async function connectivityItems(s: Session): Promise<{ errors: Item[]; warnings: Item[]; all: { errors: Item[]; warnings: Item[] } }> {
  const check = await ok(s, "model.check");
  const mine = (i: Item) => /share no node|can move freely|temperature is undetermined|matches no node/.test(i.message);
  return { errors: check.errors.filter(mine), warnings: check.warnings.filter(mine), all: check };
}

describe("connectivity and restraint through model.check and the solves", () => {
  it("two boxes touching nowhere: check errs and solve.static refuses, naming both bodies", async () => {
    const s = await opened([box("Beam", [0, 0, 0], [100, 10, 10]), box("Post", [0, 30, 0], [10, 40, 50])]);
    await ok(s, "model.set.create", { name: "bases", geometry: [{ body: "Beam", face: "F1:-x" }, { body: "Post", face: "F1:-z" }] });
    await staticStep(s, [["clamp", { type: "fixed", target: { set: "bases" } }]]);
    const { errors } = await connectivityItems(s);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ item: "mesh", command: "mesh.cells" });
    expect(errors[0].message).toMatch(/^pieces "Beam" and "Post" share no node and no tie, so step Load cannot carry anything between them/);
    const out = await refused(s, "solve.static");
    expect(out.error).toContain(errors[0].message);
    expect(s.model().results.Load).toBeUndefined();
  });

  it("a beam cut by a partition, its cells meshed at different sizes and tied, is one piece and solves", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(beam) });
    await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
    await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
    const meshed = await ok(s, "mesh.cells", { default: "hex", sizes: { "Beam/a": 10 / 3, "Beam/b": 5 }, order: 1 });
    expect(meshed.mesh.interfaces[0].kind).toBe("tied");
    await setUp(s);
    await staticStep(s, [["clamp", { type: "fixed", target: { set: "Beam-x" } }]]);
    const { errors, warnings, all } = await connectivityItems(s);
    expect([errors, warnings]).toEqual([[], []]);
    expect(all.errors).toEqual([]);
    await ok(s, "solve.static");
  });

  // What a lost interface leaves behind (issue 29): the cut beam's file edited so its tie is gone, or ties nothing.
  for (const [lost, edit] of [
    ["no tie at all", (mesh: { ties?: unknown[] }) => delete mesh.ties],
    ["a tie with no node pair", (mesh: { ties: { slaves: number[]; masters: number[][]; weights: number[][] }[] }) => Object.assign(mesh.ties[0], { slaves: [], masters: [], weights: [] })],
  ] as const)
    it(`a cut beam whose cells have ${lost}: the two cells are named and the solve refuses (an empty tie: the deck too)`, async () => {
      const s = createSession();
      await ok(s, "geometry.open", { path: writeDesign(beam) });
      await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
      await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
      await ok(s, "mesh.cells", { default: "hex", sizes: { "Beam/a": 10 / 3, "Beam/b": 5 }, order: 1 });
      await setUp(s);
      await staticStep(s, [["clamp", { type: "fixed", target: { set: "Beam-x" } }], ["hold", { type: "fixed", target: { set: "Beam+x" } }]]);
      const dir = mkdtempSync(join(tmpdir(), "fc-conn-"));
      const file = join(dir, "cut.fieldcraft");
      await ok(s, "file.save_as", { path: file });
      const saved = JSON.parse(readFileSync(file, "utf8"));
      edit(saved.mesh);
      writeFileSync(file, JSON.stringify(saved));
      const t = createSession();
      await ok(t, "file.open", { path: file });
      const { errors } = await connectivityItems(t);
      const split = errors.find((e) => e.item === "mesh");
      // Both halves are held, so only the split says the answer would be wrong.
      expect(split?.message).toMatch(/^pieces "Beam\/a" and "Beam\/b" share no node and no tie, so step Load cannot carry anything between them/);
      if (lost === "a tie with no node pair") expect(errors.find((e) => e.item === "tie tie-cut")?.message).toBe("matches no node of face Beam/a:partition:cut:a to face Beam/b:partition:cut:b, so nothing joins them: remesh the cells (mesh.cells) so the faces meet");
      expect((await refused(t, "solve.static")).error).toContain(split!.message);
      if (lost === "a tie with no node pair") expect((await refused(t, "deck.write", { format: "abaqus", path: join(dir, "cut.inp") })).error).toMatch(/tie tie-cut \(slave face .*\) has no slave nodes, so its deck would tie nothing/);
    });

  it("a cantilever fixed at one end: nothing to report, and it solves", async () => {
    const s = await opened(beam);
    await staticStep(s, [["clamp", { type: "fixed", target: { set: "Beam-x" } }]]);
    const { errors, warnings } = await connectivityItems(s);
    expect([errors, warnings]).toEqual([[], []]);
    await ok(s, "solve.static");
  });

  it("a cantilever held only through a reference point coupled kinematically to its root: held in all six, it solves; in translations only, its rotations are named", async () => {
    for (const [components, free] of [
      [{ u1: 0, u2: 0, u3: 0, ur1: 0, ur2: 0, ur3: 0 }, null],
      [{ u1: 0, u2: 0, u3: 0 }, "rotation about x, rotation about y, rotation about z"],
    ] as const) {
      const s = await opened(beam);
      await ok(s, "model.reference_point.create", { name: "R", point: [-10, 5, 5] });
      await ok(s, "model.coupling.create", { name: "root", type: "kinematic", reference_point: "R", set: "Beam-x" });
      await ok(s, "model.reference_point.hold", { name: "held", reference_point: "R", components });
      await ok(s, "model.load.create", { name: "pull", type: "force", target: { set: "Beam+x" }, vector: [0, 0, -100] });
      await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["held"], loads: ["pull"] });
      const { errors } = await connectivityItems(s);
      if (free === null) {
        expect(errors).toEqual([]);
        await ok(s, "solve.static");
      } else {
        expect(errors.map((e) => e.message)).toEqual([expect.stringContaining(`can move freely: ${free}`)]);
        expect((await refused(s, "solve.static")).error).toContain(free);
      }
    }
  });

  it("a beam held only by a symmetry plane: the free motions are named and the solve refuses", async () => {
    const s = await opened(beam);
    await ok(s, "geometry.datum", { name: "root", by: { type: "offset", plane: "yz", offset: 0 } });
    await staticStep(s, [["sym", { datum: "root" }]]);
    const { errors } = await connectivityItems(s);
    const expected = `the model ("Beam") can move freely: translation along y, translation along z, rotation about x; hold more of it (a fixed or displacement condition) or add a symmetry condition`;
    expect(errors).toEqual([{ item: "step Load", message: expected, command: "model.boundary_condition.create" }]);
    expect((await refused(s, "solve.static")).error).toBe(`solve.static: step Load: ${expected}`);
  });

  it("a displacement condition holding u1 and u2 on one end face leaves only translation along z free", async () => {
    const s = await opened(beam);
    await staticStep(s, [["roller", { type: "displacement", target: { set: "Beam-x" }, components: { u1: 0, u2: 0 } }]]);
    const { errors } = await connectivityItems(s);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/can move freely: translation along z;/)]);
  });

  it("a heat step with no temperature condition and no film: check errs, solve.heat refuses", async () => {
    const s = await opened(beam);
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "Beam-x" }, value: 0.1 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: [], loads: ["in"] });
    const check = await ok(s, "model.check");
    // The step's own rule says it once; connectivity does not repeat it per piece.
    expect(check.errors.filter((e: { item: string }) => e.item === "step Heat")).toEqual([
      { item: "step Heat", message: "fixes the temperature nowhere: add a temperature condition or a film", command: "model.boundary_condition.create" },
    ]);
    expect((await refused(s, "solve.heat")).error).toMatch(/^solve.heat: step Heat: the model \("Beam"\) has no temperature condition and no film, so its temperature is undetermined/);
  });

  it("a heat step whose film reaches one of two bodies names the other", async () => {
    const s = await opened([box("Beam", [0, 0, 0], [100, 10, 10]), box("Fin", [0, 30, 0], [20, 40, 10])]);
    await ok(s, "model.load.create", { name: "air", type: "film", target: { set: "Beam+x" }, coefficient: 0.002, sink: 20 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: [], loads: ["air"] });
    const { errors } = await connectivityItems(s);
    expect(errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/^pieces "Beam" and "Fin" share no node and no tie, so step Heat cannot carry/),
      `piece "Fin" has no temperature condition and no film, so its temperature is undetermined: add a temperature condition or a film on it`,
    ]);
  });

  it("a free part in a frequency step: no error, no warning; two pieces: a warning naming both", async () => {
    const s = await opened(beam, (t) => ok(t, "mesh.hex_blocks", { size: 10, order: 1 }));
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 7 }, boundary_conditions: [] });
    const free = await connectivityItems(s);
    expect([free.errors, free.warnings]).toEqual([[], []]);
    const solved = await ok(s, "solve.frequency");
    // Six rigid modes near 0 Hz, then the first bending mode.
    expect(solved.steps[0].modes[5].frequency_hz).toBeLessThan(1);
    expect(solved.steps[0].modes[6].frequency_hz).toBeGreaterThan(100);

    const two = await opened([box("Beam", [0, 0, 0], [100, 10, 10]), box("Post", [0, 30, 0], [10, 40, 50])]);
    await ok(two, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: [] });
    const apart = await connectivityItems(two);
    expect(apart.errors).toEqual([]);
    expect(apart.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/^pieces "Beam" and "Post" share no node and no tie: step Modes finds each piece's modes on its own/)]);
  });

  it("a free cut beam whose cells are tied: one piece in a frequency step, its six rigid modes named near 0 Hz", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(beam) });
    await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
    await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
    await ok(s, "mesh.cells", { default: "hex", sizes: { "Beam/a": 5, "Beam/b": 10 }, order: 1 });
    expect(s.model().mesh!.mesh.ties).toHaveLength(1);
    await setUp(s);
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 7 }, boundary_conditions: [] });
    const { errors, warnings } = await connectivityItems(s);
    expect([errors, warnings]).toEqual([[], []]);
    const solved = await ok(s, "solve.frequency");
    const step = solved.steps[0];
    expect(step.notes.join(" ")).toMatch(/not fully supported: body "Beam\/a", body "Beam\/b" can move freely \(.*\); its 6 rigid-body modes come out near 0 Hz/);
    expect(step.modes[5].frequency_hz).toBeLessThan(1);
    expect(step.modes[6].frequency_hz).toBeGreaterThan(100);
  });

  it("planar: plane stress held in x only is free to translate along y; axisymmetric held radially is free axially", async () => {
    for (const [element, kind, expected] of [
      ["CPS4", { type: "plane_stress", thickness: 2 }, "translation along y"],
      ["CAX4", { type: "axisymmetric" }, "translation along y"],
    ] as const) {
      const s = createSession();
      await ok(s, "geometry.open", { path: writeDesign([box("Plate", [10, 0, 0], [50, 40, 2])]) });
      const meshed = await ok(s, "mesh.planar", { body: "Plate", element, size: 5 });
      const left = (meshed.mesh.edges as string[]).find((e) => e.split("|").includes("F1:-x"))!;
      await ok(s, "model.material.create", STEEL);
      await ok(s, "model.set.create", { name: "plate", geometry: [{ body: "Plate" }] });
      await ok(s, "model.set.create", { name: "left", geometry: [{ body: "Plate", edge: left }] });
      await ok(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind });
      await ok(s, "model.boundary_condition.create", { name: "roller", type: "displacement", target: { set: "left" }, components: { u1: 0 } });
      await ok(s, "model.load.create", { name: "p", type: "pressure", magnitude: 1, target: { set: "left" } });
      await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["roller"], loads: ["p"] });
      const { errors } = await connectivityItems(s);
      expect(errors.map((e) => e.message), element).toEqual([`the model ("Plate") can move freely: ${expected}; hold more of it (a fixed or displacement condition) or add a symmetry condition`]);
      expect((await refused(s, "solve.static")).error).toMatch(/can move freely: translation along y;/);
      // Held in y too (u2 on the same edge): nothing left free.
      await ok(s, "model.boundary_condition.create", { name: "pin", type: "displacement", target: { set: "left" }, components: { u2: 0 } });
      await ok(s, "model.step.create", { name: "Held", procedure: { type: "static" }, boundary_conditions: ["roller", "pin"], loads: ["p"] });
      const held = (await ok(s, "model.check")).errors.filter((e: { item: string }) => e.item === "step Held");
      expect(held, element).toEqual([]);
    }
  });
});

describe("free rigid motions from a Gram matrix of holds", () => {
  /** G = sum over holds of b b^T, b = (c, x × c) for a hold along c at x. */
  const gram = (holds: { x: number[]; c: number[] }[]) => {
    const G = new Float64Array(36);
    for (const { x, c } of holds) {
      const b = [c[0], c[1], c[2], x[1] * c[2] - x[2] * c[1], x[2] * c[0] - x[0] * c[2], x[0] * c[1] - x[1] * c[0]];
      for (let p = 0; p < 6; p++) for (let q = 0; q < 6; q++) G[6 * p + q] += b[p] * b[q];
    }
    return G;
  };
  const names = (G: Float64Array) => nullMotions(G).map((m) => RIGID_MOTIONS[m]);
  const ex = [1, 0, 0], ey = [0, 1, 0], ez = [0, 0, 1];

  it("nothing held: all six free; every direction at three non-collinear points: none", () => {
    expect(names(new Float64Array(36))).toEqual([...RIGID_MOTIONS]);
    const pts = [[0, 0, 0], [0.4, 0, 0], [0, 0.3, 0]];
    expect(names(gram(pts.flatMap((x) => [ex, ey, ez].map((c) => ({ x, c })))))).toEqual([]);
  });

  it("x held at three points of the plane x = 0: translations along y, z and rotation about x", () => {
    expect(names(gram([[0, 0, 0], [0, 0.5, 0], [0, 0, 0.5]].map((x) => ({ x, c: ex }))))).toEqual(["translation along y", "translation along z", "rotation about x"]);
  });

  it("one point pinned off the centre: three rotations (about axes through the pin)", () => {
    expect(names(gram([ex, ey, ez].map((c) => ({ x: [0.5, 0, 0], c }))))).toEqual(["rotation about x", "rotation about y", "rotation about z"]);
  });

  it("z held at points of the x axis: translations along x, y and rotations about x, z stay free", () => {
    expect(names(gram([[-0.5, 0, 0], [0, 0, 0], [0.5, 0, 0]].map((x) => ({ x, c: ez }))))).toEqual(["translation along x", "translation along y", "rotation about x", "rotation about z"]);
  });

  it("an oblique hold counts as what it holds: normals (1,1,0)/√2 over a plane leave the in-plane motions free", () => {
    const n = [Math.SQRT1_2, Math.SQRT1_2, 0];
    const plane = [[0, 0, 0], [0.5, -0.5, 0], [0, 0, 0.5], [0.5, -0.5, 0.5]];
    const free = nullMotions(gram(plane.map((x) => ({ x, c: n }))));
    expect(free).toHaveLength(3);
    // Adding an x hold at a point fixes one more.
    expect(nullMotions(gram([...plane.map((x) => ({ x, c: n })), { x: [0, 0, 0], c: ex }]))).toHaveLength(2);
  });
});
