// Explicit steps in decks: Abaqus/CalculiX `*DYNAMIC, EXPLICIT` with `*AMPLITUDE` and initial velocities, read
// back by meshio and run by ccx (the tip's displacement at the end against ours), and LS-DYNA's explicit
// keywords read back by the independent keyword reader (termination, time step, d3plot interval, node-set
// loads on their curves, initial velocities).
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";
import { readLsDyna, curveAt } from "./support/lsdyna-reader.js";
import { readWithMeshio } from "./support/meshio.js";
import { ok } from "./session-helpers.js";

const DURATION = 6e-4;

async function cantilever(): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Beam", min: [0, 0, 0], max: [100, 10, 10], counts: [10, 2, 2], element: "C3D8" });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Beam" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Beam", face: "-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Beam", face: "+x" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 });
  await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.amplitude.create", { name: "ramp", smooth_step: { t0: 0, t1: 4e-4 } });
  await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -500], amplitude: "ramp" });
  await ok(s, "model.initial_condition.create", { name: "swing", type: "velocity", target: { set: "tip" }, vector: [0, 100, 0] });
  await ok(s, "model.step.create", { name: "Swing", procedure: { type: "explicit", duration: DURATION, frames: 12 }, boundary_conditions: ["clamp"], loads: ["push"] });
  return s;
}

const tipNodes = (s: Session) => {
  const mesh = s.model().mesh!.mesh;
  return Array.from({ length: mesh.nodes.length / 3 }, (_, n) => n).filter((n) => mesh.nodes[3 * n] > 100 - 1e-9);
};

describe("explicit decks", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "fc-explicit-deck-"));

  it("writes *DYNAMIC, EXPLICIT with its amplitude and initial velocities, read back by meshio", async () => {
    const s = await cantilever();
    const file = path.join(dir, "swing.inp");
    await ok(s, "deck.write", { format: "abaqus", path: file });
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/\*DYNAMIC, EXPLICIT\n[^\n]+, 0\.0006\n/);
    // The smooth step sampled as a table (CalculiX reads DEFINITION=SMOOTH STEP as a linear one).
    expect(text).toMatch(/\*AMPLITUDE, NAME=RAMP\n0\.?, 0\.?, [\d.eE+-]+, [\d.eE+-]+, [\d.eE+-]+/i);
    expect(text).toMatch(/\*INITIAL CONDITIONS, TYPE=VELOCITY\nTIP, 2, 100\.?\n/i);
    expect(text).toMatch(/\*STEP, INC=\d+\n\*DYNAMIC, EXPLICIT/);
    expect(text).toMatch(/\*CLOAD, AMPLITUDE=RAMP\n/i);
    const read = readWithMeshio(file, "abaqus");
    expect(read.points).toHaveLength(s.model().mesh!.mesh.nodes.length / 3);
    expect(read.cells.reduce((a, c) => a + c.data.length, 0)).toBe(40);
    // The written forces add up to the load.
    const forces = [...text.matchAll(/^(\d+), 3, (\S+)$/gm)].reduce((a, m) => a + Number(m[2]), 0);
    expect(forces).toBeCloseTo(-500, 6);
  });

  it.skipIf(!findCcx())("ccx runs the Abaqus deck to the same tip displacement as ours (within 1%)", async () => {
    const s = await cantilever();
    const solved = await ok(s, "solve.explicit");
    expect(solved.steps[0].frames).toBe(13);
    const file = path.join(dir, "ccx.inp");
    await ok(s, "deck.write", { format: "abaqus", path: file });
    const run = await runCcx(readFileSync(file, "utf8").replace(/\*NODE PRINT, NSET=\S+\nU/, "*NODE PRINT, NSET=TIP\nU"), { timeoutMs: 120_000 });
    const table = parseDat(run.dat).displacements.get("TIP")!;
    const tip = tipNodes(s);
    const ours = await ok(s, "solve.probe", { frame: 12, nodes: tip.map((n) => n + 1) });
    const mean = (f: (i: number) => number) => tip.reduce((a, _, i) => a + f(i), 0) / tip.length;
    for (const c of [1, 2] as const) {
      const theirs = mean((i) => table.get(tip[i] + 1)![c]);
      const mine = mean((i) => ours.nodes[i].displacement[`u${c + 1}` as "u2" | "u3"]);
      const scale = Math.max(Math.abs(theirs), Math.abs(mine));
      expect(scale).toBeGreaterThan(0);
      expect(Math.abs(mine - theirs) / scale).toBeLessThan(0.01);
    }
  }, 120_000);

  it("writes the LS-DYNA explicit keywords, read back by the independent keyword reader", async () => {
    const s = await cantilever();
    const file = path.join(dir, "swing.k");
    await ok(s, "deck.write", { format: "lsdyna", path: file });
    const deck = readLsDyna(readFileSync(file, "utf8"));
    expect(deck.control["*CONTROL_TERMINATION"][0]).toBeCloseTo(DURATION, 12);
    expect(deck.control["*CONTROL_TIMESTEP"][1]).toBeCloseTo(0.9, 12);
    expect(deck.control["*DATABASE_BINARY_D3PLOT"][0]).toBeCloseTo(DURATION / 12, 12);
    // Node-set loads: their forces add up to the load, and ride the smooth step's curve.
    let total = 0;
    for (const l of deck.nodeSetLoads) {
      expect(l.dof).toBe(3);
      total += l.sf * deck.nodeSets.get(l.nsid)!.nodes.length;
      const curve = deck.curves.get(l.lcid)!.points;
      expect(curveAt(curve, 0)).toBe(0);
      expect(curveAt(curve, 2e-4)).toBeCloseTo(0.5, 6);
      expect(curveAt(curve, 1)).toBe(1);
    }
    expect(total).toBeCloseTo(-500, 6);
    // The initial velocity on the tip's node set.
    expect(deck.initialVelocities).toHaveLength(1);
    expect(deck.initialVelocities[0].velocity).toEqual([0, 100, 0]);
    expect(deck.nodeSets.get(deck.initialVelocities[0].nsid)!.nodes.sort((a, b) => a - b)).toEqual(tipNodes(s).map((n) => n + 1));
    expect(deck.spcSets).toHaveLength(1);
    // Nastran has no explicit procedure here: refused by name.
    const out = await s.execute("deck.write", { format: "nastran", path: path.join(dir, "swing.bdf") });
    expect(!out.ok && out.error).toMatch(/Nastran decks cannot express the explicit procedure of step "Swing"/);
  });
});
