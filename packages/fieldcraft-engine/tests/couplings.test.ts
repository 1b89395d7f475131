// Reference points and couplings through the session: what bad input is told, what other analyses refuse, what a
// file keeps, and a coupled point's motion against its definition (rigid follow, weighted average).
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, SYMBOL_COLORS, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { boundsOf, readPicture, same } from "./support/render-pixels.js";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-couplings-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A 40 x 10 x 10 bar clamped at x = 0 with a point RP at [50, 0, 0]; coupled when `coupling` is given. */
async function bar(coupling?: Record<string, unknown>, element = "C3D20"): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, -5, -5], max: [40, 5, 5], counts: [4, 2, 2], element });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-x" }] });
  await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Bar", face: "+x" }] });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.set.create", { name: "ids", nodes: [1, 2, 3] });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 });
  await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.reference_point.create", { name: "RP", point: [50, 0, 0] });
  if (coupling) await ok(s, "model.coupling.create", { name: "cpl", reference_point: "RP", set: "end", ...coupling });
  return s;
}

const solution = (s: Session, step: string) => s.model().results[step].solution as { displacement: Float64Array; points: Float64Array };

describe("reference points and couplings: bad input is refused by name", () => {
  it("a coupling to a missing set or point, to a set without faces, or a second coupling of one point", async () => {
    const s = await bar();
    expect((await refused(s, "model.coupling.create", { name: "c", type: "kinematic", reference_point: "RP", set: "nope" })).error).toMatch(/params.set: no set named `nope`/);
    expect((await refused(s, "model.coupling.create", { name: "c", type: "kinematic", reference_point: "RQ", set: "end" })).error).toMatch(/params.reference_point: no reference point named `RQ`.*`RP`/);
    expect((await refused(s, "model.coupling.create", { name: "c", type: "kinematic", reference_point: "RP", set: "ids" })).error).toMatch(/set `ids` has no faces/);
    expect((await refused(s, "model.coupling.create", { name: "c", type: "distributing", reference_point: "RP", set: "end", dofs: [1] })).error).toMatch(/`dofs` applies to kinematic couplings only/);
    await ok(s, "model.coupling.create", { name: "c", type: "kinematic", reference_point: "RP", set: "end" });
    expect((await refused(s, "model.coupling.create", { name: "c2", type: "distributing", reference_point: "RP", set: "end" })).error).toMatch(/already coupled by `c`/);
  });

  it("a moment on a point with no coupling, and a load named like an existing one", async () => {
    const s = await bar();
    await ok(s, "model.reference_point.load", { name: "torque", reference_point: "RP", moment: [1000, 0, 0] });
    await ok(s, "model.step.create", { name: "Twist", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["torque"] });
    expect((await refused(s, "solve.static")).error).toMatch(/load torque: reference point `RP` has no coupling, so nothing carries its load: run model.coupling.create/);
    expect((await ok(s, "model.check")).errors).toEqual([{ item: "load torque", message: "reference point `RP` has no coupling, so nothing carries it to the model", command: "model.coupling.create" }]);
    expect((await refused(s, "model.reference_point.load", { name: "x", reference_point: "RP" })).error).toMatch(/give `force`, `moment` or both/);
    await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "end" }, vector: [1, 0, 0] });
    expect((await refused(s, "model.reference_point.load", { name: "push", reference_point: "RP", force: [1, 0, 0] })).error).toMatch(/a load named `push` exists already/);
  });

  it("a point motion nothing resists is named; a hold on a distributing point is refused", async () => {
    const s = await bar({ type: "kinematic", dofs: [2, 3] });
    await ok(s, "model.reference_point.load", { name: "torque", reference_point: "RP", moment: [1000, 0, 0] });
    await ok(s, "model.step.create", { name: "Twist", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["torque"] });
    expect((await refused(s, "solve.static")).error).toMatch(/reference point RP: its u1 can move without moving the face of coupling cpl; couple more components, or hold it/);

    const d = await bar({ type: "distributing" });
    await ok(d, "model.reference_point.hold", { name: "hold", reference_point: "RP", components: { ur1: 0 } });
    await ok(d, "model.step.create", { name: "Held", procedure: { type: "static" }, boundary_conditions: ["clamp", "hold"] });
    expect((await refused(d, "solve.static")).error).toMatch(/reference point RP follows its face \(a distributing coupling\), so it cannot be held/);
  });

  it("a coupled face node that a support also holds is refused, naming the node and the coupling", async () => {
    const s = await bar({ type: "kinematic" });
    await ok(s, "model.set.create", { name: "side", geometry: [{ body: "Bar", face: "-y" }] });
    await ok(s, "model.boundary_condition.create", { name: "slide", type: "displacement", target: { set: "side" }, components: { u2: 0 } });
    await ok(s, "model.reference_point.load", { name: "pull", reference_point: "RP", force: [100, 0, 0] });
    await ok(s, "model.step.create", { name: "Pull", procedure: { type: "static" }, boundary_conditions: ["clamp", "slide"], loads: ["pull"] });
    expect((await refused(s, "solve.static")).error).toMatch(/node \d+ of coupling cpl's face is also held by a boundary condition; hold the reference point instead/);
  });

  it("frequency steps and their decks refuse a model with a coupling, naming it", async () => {
    const s = await bar({ type: "kinematic" });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] });
    expect((await refused(s, "solve.frequency")).error).toMatch(/step Modes: couplings are supported in static steps only: the model's coupling `cpl` would be ignored/);
    const check = await ok(s, "model.check");
    expect(check.errors).toContainEqual({ item: "step Modes", message: expect.stringMatching(/couplings are supported in static steps only/) });
    expect((await refused(s, "deck.write", { format: "abaqus", path: path.join(dir, "modes.inp"), steps: ["Modes"] })).error).toMatch(/couplings are supported in static steps only/);
  });
});

describe("reference points and couplings: what the point does", () => {
  it("kinematic: every face node follows the point rigidly; the clamp returns the point's force and moment", async () => {
    const s = await bar({ type: "kinematic" });
    await ok(s, "model.reference_point.load", { name: "load", reference_point: "RP", force: [100, -200, 300], moment: [5000, -1000, 2000] });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["load"] });
    // A correct coupled model checks clean of anything about its points.
    const check = await ok(s, "model.check");
    expect(check.errors).toEqual([]);
    expect(JSON.stringify(check.warnings)).not.toMatch(/RP|cpl|load `?load|coupl/);
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const { displacement: u, points } = solution(s, "Load");
    const x = s.model().mesh!.mesh.nodes;
    const [uR, th] = [points.subarray(0, 3), points.subarray(3, 6)];
    let face = 0, worst = 0;
    for (let i = 0; i < x.length / 3; i++) {
      if (Math.abs(x[3 * i] - 40) > 1e-9) continue;
      face++;
      const d = [x[3 * i] - 50, x[3 * i + 1], x[3 * i + 2]];
      const rigid = [uR[0] + th[1] * d[2] - th[2] * d[1], uR[1] + th[2] * d[0] - th[0] * d[2], uR[2] + th[0] * d[1] - th[1] * d[0]];
      for (let a = 0; a < 3; a++) worst = Math.max(worst, Math.abs(u[3 * i + a] - rigid[a]));
    }
    expect(face).toBe(21);
    expect(worst).toBeLessThan(1e-12 * Math.hypot(...uR));
    // Root reactions balance the point load: force, and moment about the point.
    const r = await ok(s, "results.reactions", { step: "Load", sets: ["root"], about: [50, 0, 0] });
    const [F, M] = [r.sets[0].force, r.sets[0].moment];
    [100, -200, 300].forEach((f, a) => expect(F[a] + f).toBeCloseTo(0, 6));
    [5000, -1000, 2000].forEach((m, a) => expect(M[a] + m).toBeCloseTo(0, 4));
    // The applied load the reply balances them against is the point's, as its equivalent on the face.
    [100, -200, 300].forEach((f, a) => expect(r.applied.force[a]).toBeCloseTo(f, 9));
    [5000, -1000, 2000].forEach((m, a) => expect(r.applied.moment[a]).toBeCloseTo(m, 7));
    expect(r.relative_imbalance).toBeLessThan(1e-9);
  });

  it("distributing: the point moves as the area-weighted average of its face; the file keeps it all", async () => {
    const s = await bar({ type: "distributing" }, "C3D8");
    await ok(s, "model.reference_point.load", { name: "load", reference_point: "RP", force: [0, -500, 0] });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["load"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const { displacement: u, points } = solution(s, "Load");
    // C3D8 face of 2 x 2 quads, 5 x 5 each: a node's area is a quarter quad per quad that shares it.
    const x = s.model().mesh!.mesh.nodes;
    let sum = 0, wsum = 0;
    for (let i = 0; i < x.length / 3; i++) {
      if (Math.abs(x[3 * i] - 40) > 1e-9) continue;
      const w = (25 / 4) * (Math.abs(x[3 * i + 1]) === 5 ? 1 : 2) * (Math.abs(x[3 * i + 2]) === 5 ? 1 : 2);
      sum += w * u[3 * i + 1];
      wsum += w;
    }
    expect(wsum).toBeCloseTo(100, 9);
    // u_R = mean + theta x (x_R - c), c = [40, 0, 0]: the y component gains theta_z * 10.
    expect(points[1]).toBeCloseTo(sum / wsum + points[5] * 10, 9);
    expect(points[5]).toBeLessThan(0);

    const file = path.join(dir, "coupled.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const t = createSession();
    await ok(t, "file.open", { path: file });
    expect(t.digest()).toBe(s.digest());
    // The saved result keeps the point's motion.
    expect(Array.from(solution(t, "Load").points)).toEqual(Array.from(points));
    const summary = await ok(t, "model.info");
    expect(summary.definitions.reference_points).toEqual([{ name: "RP", point: [50, 0, 0] }]);
    expect(summary.definitions.couplings).toEqual([{ name: "cpl", type: "distributing", reference_point: "RP", set: "end" }]);
    expect(summary.definitions.point_loads).toEqual([{ name: "load", reference_point: "RP", force: [0, -500, 0] }]);
  });
});

describe("reference points and couplings in pictures", () => {
  it("ui.render draws the point as a marker with spokes to its face, right of the clamp, and the point's force", async () => {
    const s = await bar({ type: "distributing" });
    await ok(s, "model.reference_point.load", { name: "load", reference_point: "RP", force: [0, 0, -500] });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["load"] });
    const shown = await ok(s, "ui.render", { view: "front", width: 640, height: 480 });
    expect(shown.symbols.map((x: { name: string; kind: string }) => [x.name, x.kind])).toEqual([["clamp", "fixed"], ["cpl", "coupling"]]);
    const p = readPicture(shown.png as Uint8Array);
    const clamp = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.fixed))!;
    const spokes = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.coupling))!;
    const force = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.force))!;
    // Front view: the clamp at x = 0, the face at x = 40 and the point at x = 50 further right; the force arrow at the point.
    expect(clamp.x1).toBeLessThan(spokes.x0);
    expect(force.x1).toBeGreaterThan(spokes.x0);
    // Without the coupling nothing is drawn in its colour.
    const plain = await bar();
    const none = readPicture((await ok(plain, "ui.render", { view: "front", width: 640, height: 480 })).png as Uint8Array);
    expect(boundsOf(none, (rgb) => same(rgb, SYMBOL_COLORS.coupling))).toBeNull();
  });
});
