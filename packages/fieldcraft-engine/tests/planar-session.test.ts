// Planar models through the command layer: mesh.planar on a design face, sets by edge name, plane-stress
// sections with a thickness, a pressure on an edge, solve.static, reactions, an Abaqus deck; the
// axisymmetric cylinder against Lamé; a section kind that does not fit the mesh is refused by name.
import type { StaticSolution } from "../src/fem/types.js";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

function designFile(min: number[], max: number[]): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-planar-"));
  const path = join(dir, "plate.solidcraft");
  writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min, max }] }] }));
  return path;
}

const edgeWith = (edges: string[], face: string) => edges.find((e) => e.split("|").includes(face))!;

describe("planar models through the commands", () => {
  it("plane stress plate (CPS8): edge sets, pressure on an edge, reactions for the thickness, deck", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: designFile([0, 0, 0], [100, 40, 2]) });
    const meshed = await ok(s, "mesh.planar", { body: "Plate", element: "CPS8", size: 5 });
    expect(meshed.mesh).toMatchObject({ type: "CPS8", face: "F1:-z", elements: 160 });
    const edges: string[] = meshed.mesh.edges;
    expect(edges).toHaveLength(4);
    await ok(s, "model.set.create", { name: "left", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-x") }] });
    await ok(s, "model.set.create", { name: "right", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:+x") }] });
    await ok(s, "model.set.create", { name: "plate", geometry: [{ body: "Plate" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
    const wrong = await refused(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind: { type: "plane_stress" } });
    expect(wrong.error).toMatch(/thickness/);
    await ok(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind: { type: "plane_stress", thickness: 2 } });
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "left" } });
    // Negative pressure pulls: 10 MPa over 40 mm x 2 mm is 800 N along +x.
    await ok(s, "model.load.create", { name: "pull", type: "pressure", magnitude: -10, target: { set: "right" } });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] });
    await ok(s, "solve.static");
    const r = await ok(s, "results.reactions", { step: "Load", sets: ["left"] });
    expect(r.sets[0].force[0]).toBeCloseTo(-800, 6);
    expect(Math.abs(r.sets[0].force[1])).toBeLessThan(1e-6);
    // Far from the clamp the plate is in uniaxial tension: S11 = 10 at the loaded edge's middle (x = 100, y = 20).
    const sol = s.model().results.Load.solution as StaticSolution;
    const X = s.model().mesh!.mesh.nodes;
    let mid = -1;
    for (let n = 0; n < X.length / 3; n++) if (Math.abs(X[3 * n] - 100) < 1e-9 && Math.abs(X[3 * n + 1] - 20) < 1e-9) mid = n;
    expect(sol.stress[6 * mid] / 10).toBeCloseTo(1, 2);
    expect(sol.stress[6 * mid + 2]).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "fc-planar-deck-"));
    await ok(s, "deck.write", { format: "abaqus", path: join(dir, "plate.inp") });
    const deck = readFileSync(join(dir, "plate.inp"), "utf8");
    expect(deck).toMatch(/\*ELEMENT, TYPE=CPS8/);
    await ok(s, "deck.write", { format: "nastran", path: join(dir, "plate.bdf") });
    expect(readFileSync(join(dir, "plate.bdf"), "utf8")).toMatch(/^CPLSTS8 /m);
    const lsdyna = await refused(s, "deck.write", { format: "lsdyna", path: join(dir, "plate.k") });
    expect(lsdyna.error).toMatch(/CPS8 cannot be written: mesh with CPS4/);
    expect(deck).toMatch(/\*SOLID SECTION[^\n]*\n\s*2(\.0*)?(e\+?0+)?\s*\n/i);
  });

  it("axisymmetric thick cylinder (CAX8, y the axis): Lamé radial displacement at the bore within 0.5%", async () => {
    const a = 10, b = 20, p = 100, E = 210000, nu = 0.3;
    const s = createSession();
    await ok(s, "geometry.open", { path: designFile([a, 0, 0], [b, 5, 1]) });
    const meshed = await ok(s, "mesh.planar", { body: "Plate", element: "CAX8", size: 1 });
    const edges: string[] = meshed.mesh.edges;
    await ok(s, "model.set.create", { name: "bore", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-x") }] });
    await ok(s, "model.set.create", { name: "ends", geometry: [{ body: "Plate", edge: edgeWith(edges, "F1:-y") }, { body: "Plate", edge: edgeWith(edges, "F1:+y") }] });
    await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Plate" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: E, poisson: nu } });
    await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "plane_strain" } });
    await ok(s, "model.boundary_condition.create", { name: "ends", type: "displacement", components: { u2: 0 }, target: { set: "ends" } });
    await ok(s, "model.load.create", { name: "p", type: "pressure", magnitude: p, target: { set: "bore" } });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["ends"], loads: ["p"] });
    const mismatch = await refused(s, "solve.static");
    expect(mismatch.error).toMatch(/section sec: kind plane_strain does not fit the CAX8 mesh \(axisymmetric\)/);
    await ok(s, "model.section.create", { name: "sec2", set: "all", material: "steel", kind: { type: "axisymmetric" } });
    await ok(s, "edit.undo");
    await ok(s, "edit.undo");
    await ok(s, "edit.undo");
    await ok(s, "edit.undo");
    await ok(s, "edit.undo");
    // Rebuild with the right section kind.
    await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "axisymmetric" } });
    await ok(s, "model.boundary_condition.create", { name: "ends", type: "displacement", components: { u2: 0 }, target: { set: "ends" } });
    await ok(s, "model.load.create", { name: "p", type: "pressure", magnitude: p, target: { set: "bore" } });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["ends"], loads: ["p"] });
    await ok(s, "solve.static");
    const ur = ((1 + nu) * a * a * p) / (E * (b * b - a * a)) * ((1 - 2 * nu) * a + (b * b) / a);
    const sol = s.model().results.Load.solution as StaticSolution;
    const X = s.model().mesh!.mesh.nodes;
    let checked = 0;
    for (let n = 0; n < X.length / 3; n++)
      if (Math.abs(X[3 * n] - a) < 1e-9) {
        expect(Math.abs(sol.displacement[3 * n] / ur - 1)).toBeLessThan(0.005);
        checked++;
      }
    expect(checked).toBeGreaterThan(2);
    // Reactions are for the full circle: the ends carry no net axial force (the pressure acts radially).
    const r = await ok(s, "results.reactions", { step: "Load", sets: ["ends"] });
    expect(Math.abs(r.sets[0].force[1])).toBeLessThan(1e-6 * p * a);
  });
});

describe("planar renders", () => {
  it("a meshed plate is drawn flat in its plane (top view by default), face on", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: designFile([0, 0, 0], [100, 40, 2]) });
    await ok(s, "mesh.planar", { body: "Plate", element: "CPS4", size: 5 });
    const before = await ok(s, "ui.render", { width: 320, height: 200 });
    expect(before.view ?? before.camera ?? before).toBeTruthy();
    expect(JSON.stringify(before)).toMatch(/"top"/);
    const { PNG } = await import("pngjs");
    const img = PNG.sync.read(Buffer.from(before.png, "base64"));
    // The flat plate covers a good part of the picture (it is seen face on, not edge on).
    let background = img.data[0] + 256 * img.data[1] + 65536 * img.data[2], covered = 0;
    for (let i = 0; i < img.width * img.height; i++) if (img.data[4 * i] + 256 * img.data[4 * i + 1] + 65536 * img.data[4 * i + 2] !== background) covered++;
    expect(covered / (img.width * img.height)).toBeGreaterThan(0.3);
    const dir = mkdtempSync(join(tmpdir(), "fc-planar-img-"));
    await ok(s, "ui.render", { width: 320, height: 200, path: join(dir, "plate.png") });
  });
});

describe("plate-hole sample", () => {
  it("opens set up, solves, and gives Kirsch's concentration at the top of the hole (3.0 within 2%)", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "plate-hole" });
    await ok(s, "solve.static");
    const X = s.model().mesh!.mesh.nodes;
    let top = -1;
    for (let n = 0; n < X.length / 3; n++) if (Math.abs(X[3 * n]) < 1e-9 && Math.abs(X[3 * n + 1] - 1) < 1e-9) top = n;
    const kt = (s.model().results.Load.solution as StaticSolution).stress[6 * top] / 10;
    expect(Math.abs(kt / 3 - 1)).toBeLessThan(0.02);
    const r = await ok(s, "results.reactions", { step: "Load", sets: ["sym_x"] });
    // Symmetry on x = 0 carries the whole pull: 10 MPa on the 20 mm loaded edge, 1 mm thick.
    expect(r.sets[0].force[0]).toBeCloseTo(-200, 6);
    // A mesh-only planar model saves and reopens with its results.
    const path = join(mkdtempSync(join(tmpdir(), "fc-plate-hole-")), "plate-hole.fieldcraft");
    await ok(s, "file.save_as", { path });
    const again = createSession();
    await ok(again, "file.open", { path });
    expect(again.model().mesh!.mesh.type).toBe("CPS8");
    expect((again.model().results.Load.solution as StaticSolution).stress[6 * top]).toBe((s.model().results.Load.solution as StaticSolution).stress[6 * top]);
  });
});
