// The frequency and heat analyses through the session's commands: steps, solve.frequency / solve.heat,
// results.modes, contours and probes of a mode and of temperatures, reactions of a heat step.
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { SEED_BATCH, STEPS } from "./workflow-fixtures.js";

async function setUp(material: Record<string, unknown>) {
  const s = createSession();
  await ok(s, "geometry.open", { path: STEPS });
  await ok(s, "mesh.tet.generate", { body: "Steps", size: 10, order: 2 });
  for (const { command, params } of SEED_BATCH) {
    if (command === "model.material.create") await ok(s, command, { ...params, ...material });
    else if (command !== "model.step.create") await ok(s, command, params);
  }
  return s;
}

describe("frequency steps through the commands", () => {
  it("solve.frequency, results.modes, a mode's contour and probe; static commands refuse it by name", async () => {
    const s = await setUp({});
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 4 }, boundary_conditions: ["clamp"] });
    const wrong = await refused(s, "solve.static", { step: "Modes" });
    expect(wrong.error).toMatch(/step Modes is a frequency step: run solve.frequency/);
    const solved = await ok(s, "solve.frequency", {});
    expect(solved.steps[0].modes).toHaveLength(4);
    const f = solved.steps[0].modes.map((m: { frequency_hz: number }) => m.frequency_hz);
    for (let j = 1; j < 4; j++) expect(f[j]).toBeGreaterThanOrEqual(f[j - 1]);
    expect(f[0]).toBeGreaterThan(100);

    const modes = await ok(s, "results.modes", {});
    expect(modes.modes[0].generalized_mass).toBeCloseTo(1, 6);
    expect(Object.keys(modes.modes[0].participation)).toEqual(["x", "y", "z", "rx", "ry", "rz"]);
    expect(modes.effective_mass_fraction.z).toBeGreaterThan(0.3);
    expect(modes.effective_mass_fraction.z).toBeLessThanOrEqual(1);
    expect(modes.units.frequency).toBe("Hz");
    // Effective mass is the participation factor squared (mass-normalised shapes).
    expect(modes.modes[1].effective_mass.y).toBeCloseTo(modes.modes[1].participation.y ** 2, 12);

    const contour = await ok(s, "results.contour", { mode: 2 });
    expect(contour.contour.mode).toBe(2);
    expect(contour.contour.frequency_hz).toBeCloseTo(f[1], 9);
    expect(contour.contour.field).toBe("displacement");
    const probe = await ok(s, "solve.probe", { mode: 2 });
    expect(probe.nodes[0].displacement.magnitude).toBeCloseTo(contour.contour.range.max.value, 12);
    const beyond = await refused(s, "results.contour", { mode: 9 });
    expect(beyond.error).toMatch(/has 4 modes \(1\.\.4\); mode 9 is not one of them/);
    const reactions = await refused(s, "results.reactions", {});
    expect(reactions.error).toMatch(/frequency step: it has no reactions/);
    const picture = await ok(s, "ui.render", { width: 200, height: 150 });
    expect(picture).toBeTruthy();
  });

  it("a material without density is named before solving", async () => {
    const s = await setUp({ density: undefined });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"] });
    const r = await refused(s, "solve.frequency", {});
    expect(r.error).toMatch(/material Steel has no density, which step Modes \(frequency\) needs for the mass: give it density/);
  });
});

describe("heat steps through the commands", () => {
  it("a temperature, a flux and a film: temperatures, heat flux, reactions balancing the net inflow", async () => {
    const s = await setUp({ conductivity: 0.05 });
    await ok(s, "model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 });
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.01 });
    await ok(s, "model.load.create", { name: "source", type: "body_heat", target: { set: "all" }, value: 1e-5 });
    await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Steps", face: "F1:+z" }] });
    await ok(s, "model.load.create", { name: "air", type: "film", target: { set: "top" }, coefficient: 1e-4, sink: 25 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold"], loads: ["in", "source", "air"] });
    const solved = await ok(s, "solve.heat", {});
    expect(solved.steps[0].temperature.min.value).toBeCloseTo(20, 9);
    expect(solved.steps[0].temperature.max.value).toBeGreaterThan(25);
    const contour = await ok(s, "results.contour", { field: "temperature" });
    expect(contour.contour.unit).toBe("K");
    const flux = await ok(s, "results.contour", { field: "heat_flux" });
    expect(flux.contour.range.max.value).toBeGreaterThan(0);
    const wrongField = await refused(s, "results.contour", { field: "von_mises" });
    expect(wrongField.error).toMatch(/heat step: its fields are `temperature`, `heat_flux`/);
    const reactions = await ok(s, "results.reactions", {});
    expect(reactions.sets[0].set).toBe("root");
    expect(reactions.relative_imbalance).toBeLessThan(1e-8);
    const probe = await ok(s, "solve.probe", {});
    expect(probe.nodes[0].temperature).toBeCloseTo(solved.steps[0].temperature.max.value, 12);
    const picture = await ok(s, "ui.render", { width: 200, height: 150 });
    expect(picture).toBeTruthy();
  });

  it("refuses a displacement condition in a heat step and a heat load in a static step, naming them", async () => {
    const s = await setUp({ conductivity: 0.05 });
    await ok(s, "model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.01 });
    await ok(s, "model.step.create", { name: "Heat", procedure: { type: "heat" }, boundary_conditions: ["clamp"], loads: ["in"] });
    const r = await refused(s, "solve.heat", {});
    expect(r.error).toMatch(/boundary condition clamp holds displacements, which a heat step cannot use/);
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["in"] });
    const st = await refused(s, "solve.static", { step: "Load" });
    expect(st.error).toMatch(/load in is a heat_flux load, which a static step cannot use/);
  });
});

describe("samples of the two analyses", () => {
  it("modal-plate solves out of the box: its first mode is the clamped plate strip's (beam theory with the plate stiffness)", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "modal-plate" });
    const solved = await ok(s, "solve.frequency", {});
    expect(solved.steps[0].modes).toHaveLength(10);
    // f1 = (1.8751^2 / 2 pi) sqrt(D / (rho h)) / L^2, D = E h^3 / (12 (1 - nu^2)).
    const D = (210000 * 4 ** 3) / (12 * (1 - 0.09));
    const f1 = ((1.8751040687119611 ** 2) / (2 * Math.PI)) * Math.sqrt(D / (7.85e-9 * 4)) / 200 ** 2;
    expect(Math.abs(solved.steps[0].modes[0].frequency_hz / f1 - 1)).toBeLessThan(0.05);
  }, 240_000); // ~250 LOBPCG iterations: the multigrid is weak on this one-element-thick plate (docs/solver.md)

  it("heat-sink solves out of the box: the film carries away the 5 W that the base takes in", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "heat-sink" });
    const solved = await ok(s, "solve.heat", {});
    expect(solved.steps[0].temperature.min.value).toBeGreaterThan(25);
    const contour = await ok(s, "results.contour", {});
    expect(contour.contour.field).toBe("temperature");
    // No held node: the net inflow (flux in, film out) sums to zero.
    const reactions = await ok(s, "results.reactions", { sets: ["base"] });
    expect(Math.abs(reactions.applied.heat_flow)).toBeLessThan(1e-6 * 5000);
  });
});
