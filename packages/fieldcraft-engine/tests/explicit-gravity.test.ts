// Gravity in explicit steps against hand calculations: a free bar falls with u = -g t^2 / 2 at every node (the
// lumped masses the loop divides by carry the load, so the fall is exact), and a bar hanging from its top under
// gravity ramped in slowly hangs at rest with its support carrying the weight rho V g and its free end sagging by
// rho g L^2 / (2 E) (nu = 0). Decks: Abaqus `*DLOAD ... GRAV` with its amplitude (run by ccx to the same sag) and
// LS-DYNA `*LOAD_BODY_Z` on the amplitude's curve (read back by the independent keyword reader).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";
import { curveAt, readLsDyna } from "./support/lsdyna-reader.js";
import { ok, refused } from "./session-helpers.js";

const E = 210000, RHO = 7.85e-9, G = 9810; // N, mm, s: tonne/mm^3 and mm/s^2
const L = 50, A = 10 * 10;

async function bar(opts: { hang: boolean; duration: number; ramp?: number }): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [10, 10, L], counts: [1, 1, 10], element: "C3D8" });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Bar", face: "+z" }] });
  await ok(s, "model.set.create", { name: "bottom", geometry: [{ body: "Bar", face: "-z" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: E, poisson: 0 }, density: RHO });
  await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
  if (opts.ramp !== undefined) await ok(s, "model.amplitude.create", { name: "ramp", smooth_step: { t0: 0, t1: opts.ramp } });
  await ok(s, "model.load.create", { name: "weight", type: "gravity", target: { set: "all" }, vector: [0, 0, -G], ...(opts.ramp !== undefined ? { amplitude: "ramp" } : {}) });
  if (opts.hang) await ok(s, "model.boundary_condition.create", { name: "hook", type: "fixed", target: { set: "top" } });
  await ok(s, "model.step.create", {
    name: "Fall",
    procedure: { type: "explicit", duration: opts.duration, frames: 10 },
    boundary_conditions: opts.hang ? ["hook"] : [],
    loads: ["weight"],
  });
  return s;
}

const nodeCount = (s: Session) => s.model().mesh!.mesh.nodes.length / 3;
const allNodes = (s: Session) => Array.from({ length: nodeCount(s) }, (_, n) => n + 1);

// Fixed-free axial bar: first period 4 L / c.
const PERIOD = (4 * L) / Math.sqrt(E / RHO);

describe("gravity in explicit steps", () => {
  it("a free bar falls by g t^2 / 2 with acceleration g at every node", async () => {
    const T = 2e-3;
    const s = await bar({ hang: false, duration: T });
    await ok(s, "solve.explicit");
    const probe = await ok(s, "solve.probe", { frame: 10, nodes: allNodes(s) });
    for (const n of probe.nodes) {
      expect(n.displacement.u3 / (-0.5 * G * T * T) - 1).toBeCloseTo(0, 5);
      expect(Math.abs(n.displacement.u1) + Math.abs(n.displacement.u2)).toBeLessThan(1e-12);
    }
    const half = await ok(s, "solve.probe", { time: T / 2, nodes: [1] });
    expect(half.nodes[0].displacement.u3 / (-0.5 * G * (T / 2) ** 2) - 1).toBeCloseTo(0, 5);
    // Energy: the work of gravity turns into kinetic energy (no strain).
    const frames = (await ok(s, "results.frames")).frames;
    const last = frames[frames.length - 1];
    const mass = RHO * A * L;
    expect(last.kinetic / (0.5 * mass * (G * T) ** 2) - 1).toBeCloseTo(0, 4);
    expect(Math.abs(last.energy_balance)).toBeLessThan(1e-6 * last.kinetic);
  });

  it("a hanging bar under slowly ramped gravity: the support carries the weight, the end sags rho g L^2 / 2E", async () => {
    const ramp = 20 * PERIOD;
    const s = await bar({ hang: true, duration: 30 * PERIOD, ramp });
    await ok(s, "solve.explicit");
    const weight = RHO * A * L * G;
    const reactions = await ok(s, "results.reactions");
    expect(reactions.sets[0].set).toBe("top");
    expect(reactions.sets[0].force[2] / weight - 1).toBeGreaterThan(-0.02);
    expect(reactions.sets[0].force[2] / weight - 1).toBeLessThan(0.02);
    expect(reactions.applied.force[2] / -weight - 1).toBeCloseTo(0, 9);
    const bottom = (await ok(s, "solve.probe", { nodes: allNodes(s) })).nodes.filter((_: unknown, i: number) => s.model().mesh!.mesh.nodes[3 * i + 2] < 1e-9);
    const sag = (RHO * G * L * L) / (2 * E);
    for (const n of bottom) expect(Math.abs(-n.displacement.u3 / sag - 1)).toBeLessThan(0.03);
  });

  it("static steps refuse gravity, naming the step kind that takes it", async () => {
    const s = await bar({ hang: true, duration: 1e-4 });
    await ok(s, "model.step.create", { name: "Static", procedure: { type: "static" }, boundary_conditions: ["hook"], loads: ["weight"] });
    const out = await refused(s, "solve.static", { step: "Static" });
    expect(out.error).toMatch(/gravity load, which a static step cannot use: list it in an explicit step/);
  });

  const dir = mkdtempSync(path.join(tmpdir(), "fc-explicit-gravity-"));

  it("writes *DLOAD GRAV with its amplitude for Abaqus and *LOAD_BODY_Z on the curve for LS-DYNA", async () => {
    const s = await bar({ hang: true, duration: 30 * PERIOD, ramp: 20 * PERIOD });
    const inp = path.join(dir, "hang.inp");
    await ok(s, "deck.write", { format: "abaqus", path: inp });
    const text = readFileSync(inp, "utf8");
    expect(text).toMatch(/\*DLOAD, AMPLITUDE=RAMP\nALL, GRAV, 9810\.?, 0\.?, 0\.?, -1\.?\n/i);
    const k = path.join(dir, "hang.k");
    await ok(s, "deck.write", { format: "lsdyna", path: k });
    const deck = readLsDyna(readFileSync(k, "utf8"));
    expect(deck.bodyLoads).toHaveLength(1);
    const body = deck.bodyLoads[0];
    expect(body.direction).toBe(3);
    // A base acceleration opposite gravity: LS-DYNA loads the body by -sf.
    expect(body.sf).toBeCloseTo(G, 9);
    const curve = deck.curves.get(body.lcid)!.points;
    expect(curveAt(curve, 0)).toBe(0);
    expect(curveAt(curve, 10 * PERIOD)).toBeCloseTo(0.5, 6);
    expect(curveAt(curve, 25 * PERIOD)).toBe(1);
  });

  it("gravity on a set without elements is refused by the solver and the decks, naming the set", async () => {
    const s = await bar({ hang: true, duration: 1e-4 });
    await ok(s, "model.load.create", { name: "some", type: "gravity", target: { set: "top" }, vector: [0, 0, -G] });
    await ok(s, "model.step.create", { name: "Face", procedure: { type: "explicit", duration: 1e-4 }, boundary_conditions: ["hook"], loads: ["some"] });
    expect((await refused(s, "solve.explicit", { step: "Face" })).error).toMatch(/load some: its set `top` has no elements for gravity to act on/);
    for (const format of ["abaqus", "lsdyna"])
      expect((await refused(s, "deck.write", { format, path: path.join(dir, `face.${format}`), steps: ["Face"] })).error).toMatch(/gravity on element set "top", which is not defined/);
  });

  it.skipIf(!findCcx())("ccx runs the gravity deck to the same sag as ours (within 3%)", async () => {
    const s = await bar({ hang: true, duration: 30 * PERIOD, ramp: 20 * PERIOD });
    await ok(s, "solve.explicit");
    const file = path.join(dir, "ccx.inp");
    await ok(s, "deck.write", { format: "abaqus", path: file });
    const run = await runCcx(readFileSync(file, "utf8").replace(/\*NODE PRINT, NSET=\S+\nU/, "*NODE PRINT, NSET=BOTTOM\nU"), { timeoutMs: 120_000 });
    const table = parseDat(run.dat).displacements.get("BOTTOM")!;
    const theirs = [...table.values()].reduce((a, u) => a + u[2], 0) / table.size;
    const bottom = allNodes(s).filter((n) => s.model().mesh!.mesh.nodes[3 * (n - 1) + 2] < 1e-9);
    const ours = (await ok(s, "solve.probe", { nodes: bottom })).nodes.reduce((a: number, n: { displacement: { u3: number } }) => a + n.displacement.u3, 0) / bottom.length;
    expect(Math.abs(ours / theirs - 1)).toBeLessThan(0.03);
  }, 120_000);
});
