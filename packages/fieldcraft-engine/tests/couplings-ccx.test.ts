// Reference points coupled to faces, through the session: a square shaft twisted through a kinematic coupling and
// a bar loaded off its end through a distributing coupling, each against CalculiX on our own deck (same mesh),
// and the shaft against the closed form of a square section in torsion.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { createSession, type Session } from "../src/index.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";
import { ok } from "./session-helpers.js";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-coupling-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const E = 210000, NU = 0.3;

/** A bar along x, clamped at x = 0, with a reference point coupled to its +x face. */
async function bar(counts: [number, number, number], size: [number, number, number], element: string, point: [number, number, number], coupling: Record<string, unknown>): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, -size[1] / 2, -size[2] / 2], max: [size[0], size[1] / 2, size[2] / 2], counts, element });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-x" }] });
  await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Bar", face: "+x" }] });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: E, poisson: NU } });
  await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.reference_point.create", { name: "RP", point });
  await ok(s, "model.coupling.create", { name: "cpl", reference_point: "RP", set: "end", ...coupling });
  return s;
}

/** Our displacements against ccx's on the deck we write: max relative difference over all nodes. */
async function againstCcx(s: Session, step: string): Promise<{ relative: number; max: number }> {
  const file = path.join(dir, `${step}-${Math.random().toString(36).slice(2)}.inp`);
  await ok(s, "deck.write", { format: "abaqus", path: file, steps: [step] });
  const run = await runCcx(await fs.readFile(file, "utf8"), { timeoutMs: 120_000 });
  const ccxU = parseDat(run.dat).displacements.get("FC_ALL_NODES")!;
  const ours = (s.model().results[step].solution as { displacement: Float64Array }).displacement;
  expect(ccxU.size).toBe(ours.length / 3);
  let max = 0, diff = 0;
  for (const [id, u] of ccxU)
    for (let c = 0; c < 3; c++) {
      max = Math.max(max, Math.abs(ours[3 * (id - 1) + c]));
      diff = Math.max(diff, Math.abs(ours[3 * (id - 1) + c] - u[c]));
    }
  return { relative: diff / max, max };
}

describe.skipIf(findCcx() === null)("couplings against CalculiX", () => {
  it("square shaft twisted through a kinematic coupling: ccx to 1e-6, the closed form roughly", async () => {
    const a = 10, L = 100, T = 1e5;
    const s = await bar([12, 4, 4], [L, a, a], "C3D20R", [L, 0, 0], { type: "kinematic" });
    await ok(s, "model.reference_point.load", { name: "torque", reference_point: "RP", moment: [T, 0, 0] });
    await ok(s, "model.step.create", { name: "Twist", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["torque"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const r = await againstCcx(s, "Twist");
    expect(r.relative).toBeLessThan(1e-6);
    const points = (s.model().results.Twist.solution as { points: Float64Array }).points;
    const G = E / (2 * (1 + NU));
    const closed = (T * L) / (G * 0.1406 * a ** 4);
    // The coupled end cannot warp, which stiffens the shaft a little: within 1% of Saint-Venant's closed form.
    expect(Math.abs(points[3] - closed) / closed).toBeLessThan(0.01);
    expect(Math.abs(points[4]) + Math.abs(points[5])).toBeLessThan(1e-9 * points[3]);
    // The clamp takes the whole torque back: sum of y F_z - z F_y over the root.
    const reactions = await ok(s, "results.reactions", { step: "Twist", sets: ["root"] });
    expect(Math.hypot(...reactions.sets[0].force)).toBeLessThan(1e-6 * T);
  });

  it("bar loaded off its end through a distributing coupling (force and moment): ccx to 1e-6", async () => {
    const s = await bar([25, 3, 4], [100, 12, 20], "C3D8", [130, 4, -3], { type: "distributing" });
    await ok(s, "model.reference_point.load", { name: "pull", reference_point: "RP", force: [200, -1000, 500], moment: [3000, 0, -2000] });
    await ok(s, "model.step.create", { name: "Pull", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const r = await againstCcx(s, "Pull");
    expect(r.max).toBeGreaterThan(0.01);
    expect(r.relative).toBeLessThan(1e-6);
  });

  it("kinematic coupling of chosen components (u2, u3) to a point off the face: ccx to 1e-6", async () => {
    const s = await bar([10, 2, 2], [100, 10, 10], "C3D20", [120, 0, 0], { type: "kinematic", dofs: [2, 3] });
    await ok(s, "model.reference_point.load", { name: "mix", reference_point: "RP", force: [0, 300, -500], moment: [20000, 0, 0] });
    // Nothing couples the point's u1, and u2 (u3) moves the face as ur3 (ur2) does: those are held (free ones are refused).
    await ok(s, "model.reference_point.hold", { name: "axial", reference_point: "RP", components: { u1: 0, ur2: 0, ur3: 0 } });
    await ok(s, "model.step.create", { name: "Mix", procedure: { type: "static" }, boundary_conditions: ["clamp", "axial"], loads: ["mix"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const r = await againstCcx(s, "Mix");
    expect(r.max).toBeGreaterThan(0.01);
    expect(r.relative).toBeLessThan(1e-6);
  });

  it("a reference point held by a rotation drives the face: ccx to 1e-6", async () => {
    const s = await bar([10, 2, 2], [100, 10, 10], "C3D20", [100, 0, 0], { type: "kinematic" });
    await ok(s, "model.reference_point.hold", { name: "turn", reference_point: "RP", components: { u1: 0, u2: 0, u3: 0.05, ur1: 0.01, ur2: 0, ur3: 0 } });
    await ok(s, "model.step.create", { name: "Turn", procedure: { type: "static" }, boundary_conditions: ["clamp", "turn"], loads: [] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const r = await againstCcx(s, "Turn");
    expect(r.max).toBeGreaterThan(0.01);
    expect(r.relative).toBeLessThan(1e-6);
    const points = (s.model().results.Turn.solution as { points: Float64Array }).points;
    expect(Array.from(points.subarray(0, 6))).toEqual([0, 0, 0.05, 0.01, 0, 0]);
    // The point's reaction moment is the torque needed to turn the end: positive about x; the clamp returns it.
    expect(points[9]).toBeGreaterThan(0);
    const reactions = await ok(s, "results.reactions", { step: "Turn", about: [100, 0, 0] });
    expect(reactions.sets[0].moment[0]).toBeCloseTo(-points[9], 6);
    // Nothing is applied: the clamp's and the point's reactions cancel (the total counts the point's).
    expect(Math.hypot(...reactions.total.force)).toBeLessThan(1e-9 * Math.hypot(...reactions.sets[0].force));
    expect(Math.hypot(...reactions.total.moment)).toBeLessThan(1e-9 * Math.abs(points[9]));
  });

  it("L-bracket (swept C3D8) loaded through a distributing coupling off its arm's end: ccx to 1e-6", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: fileURLToPath(new URL("./corpus/l-bracket/l-bracket.solidcraft", import.meta.url)) });
    await ok(s, "mesh.hex_sweep", { size: 5, order: 1 });
    const body = s.model().mesh!.mesh.bodies[0];
    await ok(s, "model.set.create", { name: "all", geometry: [{ body }] });
    await ok(s, "model.set.create", { name: "end", geometry: [{ body, face: "F1:side:2" }] });
    const x = s.model().mesh!.mesh.nodes;
    const root = [];
    for (let i = 0; i < x.length / 3; i++) if (Math.abs(x[3 * i]) < 1e-9) root.push(i + 1);
    await ok(s, "model.set.create", { name: "root", nodes: root });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: E, poisson: NU } });
    await ok(s, "model.section.create", { name: "sec", set: "all", material: "steel", kind: { type: "solid" } });
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.reference_point.create", { name: "RP", point: [75, 12, 7] });
    await ok(s, "model.coupling.create", { name: "cpl", type: "distributing", reference_point: "RP", set: "end" });
    await ok(s, "model.reference_point.load", { name: "pull", reference_point: "RP", force: [100, -500, 200], moment: [0, 1500, -800] });
    await ok(s, "model.step.create", { name: "Pull", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });
    const r = await againstCcx(s, "Pull");
    expect(r.max).toBeGreaterThan(1e-3);
    expect(r.relative).toBeLessThan(1e-6);
  });
});
