// Tied interfaces in frequency and heat steps: the elimination used for statics (u_slave = sum w u_master) applied
// to the mass and conductivity matrices. A bar cut in two, the halves meshed at different sizes and tied, against
// the bar meshed whole: the first frequency within 1% (and near Euler-Bernoulli's), and conduction with a film
// (heat in through the hot end, the mean temperature of the cooled end) within 1%.
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../../src/index.js";
import type { HeatSolution } from "../../src/fem/heat/solve-heat.js";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readNastran } from "../support/nastran-cards.js";
import { ok, refused } from "../session-helpers.js";
import { writeDesign } from "./fixtures.js";

const bar = [{ name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }];

async function meshed(tied: boolean): Promise<Session> {
  const s = createSession();
  await ok(s, "geometry.open", { path: writeDesign(bar) });
  if (tied) {
    await ok(s, "geometry.datum", { name: "mid", by: { type: "offset", plane: "yz", offset: 50 } });
    await ok(s, "geometry.partition", { name: "cut", datum: "mid" });
    const cells = await ok(s, "mesh.cells", { default: "hex", sizes: { "Beam/a": 5, "Beam/b": 10 }, order: 2 });
    expect(cells.mesh.interfaces[0].kind).toBe("tied");
  } else await ok(s, "mesh.hex_blocks", { size: 5, order: 2 });
  await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9, conductivity: 0.05 });
  await ok(s, "model.set.create", { name: "all", geometry: s.model().mesh!.mesh.bodies.map((body) => ({ body })) });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "steel", kind: { type: "solid" } });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Beam", face: "F1:-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Beam", face: "F1:+x" }] });
  return s;
}

async function firstFrequency(tied: boolean): Promise<number> {
  const s = await meshed(tied);
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"] });
  const solved = await ok(s, "solve.frequency", {});
  return solved.steps[0].modes[0].frequency_hz;
}

async function conduction(tied: boolean) {
  const s = await meshed(tied);
  await ok(s, "model.boundary_condition.create", { name: "hot", type: "temperature", target: { set: "root" }, value: 100 });
  await ok(s, "model.load.create", { name: "air", type: "film", target: { set: "tip" }, coefficient: 0.002, sink: 20 });
  await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["hot"], loads: ["air"] });
  await ok(s, "solve.heat", {});
  const mesh = s.model().mesh!.mesh;
  const sol = s.model().results.Heat.solution as HeatSolution;
  let inflow = 0, tipSum = 0, tipCount = 0;
  for (let i = 0; i < mesh.nodes.length / 3; i++) {
    if (Math.abs(mesh.nodes[3 * i]) < 1e-9) inflow += sol.reaction[i];
    if (Math.abs(mesh.nodes[3 * i] - 100) < 1e-9) (tipSum += sol.temperature[i]), tipCount++;
  }
  return { s, inflow, tip: tipSum / tipCount, temperature: sol.temperature, mesh };
}

describe("tied interfaces in frequency and heat steps", () => {
  it("a tied bar's first frequency is the whole bar's within 1%", async () => {
    const whole = await firstFrequency(false), tied = await firstFrequency(true);
    // Euler-Bernoulli: f1 = 1.875^2 / (2 pi) sqrt(E I / (rho A L^4)) = 835.6 Hz; shear lowers it a little.
    const eb = (1.875104 ** 2 / (2 * Math.PI)) * Math.sqrt((210000 * (1e4 / 12)) / (7.85e-9 * 100 * 100 ** 4));
    expect(Math.abs(whole - eb) / eb).toBeLessThan(0.03);
    expect(Math.abs(tied - whole) / whole).toBeLessThan(0.01);
  }, 120_000);

  it("conduction through the tied interface is the one-piece bar's within 1%", async () => {
    const whole = await conduction(false), tied = await conduction(true);
    // One-dimensional check: k A (100 - T_tip) / L = h A (T_tip - 20) gives T_tip = 100 - 80 hL/k / (1 + hL/k) = 33.3.
    const hLk = (0.002 * 100) / 0.05;
    expect(whole.tip).toBeCloseTo(100 - (80 * hLk) / (1 + hLk), 1);
    expect(Math.abs(tied.tip - whole.tip) / whole.tip).toBeLessThan(0.01);
    expect(Math.abs(tied.inflow - whole.inflow) / whole.inflow).toBeLessThan(0.01);
    // The heat that enters leaves through the film: h A (T_tip - sink).
    expect(Math.abs(tied.inflow - 0.002 * 100 * (tied.tip - 20)) / tied.inflow).toBeLessThan(1e-6);
    // Slave temperatures follow their masters: at the interface the field is the same linear profile.
    const ties = tied.mesh.ties!;
    for (const t of ties)
      t.slaves.forEach((slave, k) => {
        const interpolated = t.masters[k].reduce((sum, m, j) => sum + t.weights[k][j] * tied.temperature[m], 0);
        expect(Math.abs(tied.temperature[slave] - interpolated)).toBeLessThan(1e-9);
      });
    // Decks: Nastran ties the temperatures (an MPC on component 1 per slave); LS-DYNA's equations tie
    // displacements only, so its heat deck refuses by name.
    const dir = mkdtempSync(join(tmpdir(), "fc-tie-heat-"));
    await ok(tied.s, "deck.write", { format: "nastran", path: join(dir, "heat.bdf") });
    const mpcs = readNastran(readFileSync(join(dir, "heat.bdf"), "utf8")).cards.filter((c) => c.name === "MPC");
    expect(mpcs.length).toBe(ties.reduce((n, t) => n + t.slaves.length, 0));
    for (const c of mpcs) expect(c.fields[2]).toBe("1");
    expect((await refused(tied.s, "deck.write", { format: "lsdyna", path: join(dir, "heat.k") })).error).toMatch(/LS-DYNA heat decks cannot hold tied interfaces/);
  }, 120_000);
});
