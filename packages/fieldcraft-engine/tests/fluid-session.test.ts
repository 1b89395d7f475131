// The fluid analysis through the commands: a duct from a .solidcraft extrusion, a fluid material and section, the
// three conditions, solve.fluid, results.flow, probe points (outside points marked, with their nearest node), contours, a render,
// deck.write refused, refusals that name what to fix, results saved and reopened.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { readPicture } from "./support/render-pixels.js";

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-fluid-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const design = path.join(dir, "duct.solidcraft");
writeFileSync(
  design,
  JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Duct", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [10, 0], [10, 10], [0, 10]], from: 0, to: 40 }] }] }),
);

async function ductSession() {
  const s = createSession();
  await ok(s, "geometry.open", { path: design });
  await ok(s, "mesh.tet.generate", { body: "Duct", size: 5, order: 2 });
  await ok(s, "model.set.create", { name: "fluid", geometry: [{ body: "Duct" }] });
  await ok(s, "model.set.create", { name: "inlet", geometry: [{ body: "Duct", face: "F1:start" }] });
  await ok(s, "model.set.create", { name: "outlet", geometry: [{ body: "Duct", face: "F1:end" }] });
  await ok(s, "model.set.create", { name: "walls", geometry: [1, 2, 3, 4].map((k) => ({ body: "Duct", face: `F1:side:${k}` })) });
  await ok(s, "model.material.create", { name: "Oil", fluid: { density: 9e-10, viscosity: 1e-7 } });
  await ok(s, "model.section.create", { name: "oil", set: "fluid", material: "Oil", kind: { type: "fluid" } });
  await ok(s, "model.boundary_condition.create", { name: "in", type: "velocity", target: { set: "inlet" }, vector: [0, 0, 20], profile: "parabolic" });
  await ok(s, "model.boundary_condition.create", { name: "noslip", type: "wall", target: { set: "walls" } });
  await ok(s, "model.boundary_condition.create", { name: "out", type: "outlet", target: { set: "outlet" }, pressure: 0.001 });
  await ok(s, "model.step.create", { name: "Flow", procedure: { type: "fluid", steady: true, tolerance: 1e-8 }, boundary_conditions: ["in", "noslip", "out"] });
  return s;
}

describe("fluid steps through the commands", () => {
  it("solves a duct: flow through the sets balances, probes interpolate inside and mark points outside, contours and renders show velocity", async () => {
    const s = await ductSession();
    expect((await ok(s, "model.check")).errors).toEqual([]);
    const solved = await ok(s, "solve.fluid");
    const step = solved.steps[0];
    // A parabolic inlet of 20 mm/s peak over the 10 x 10 face: mean 20 * (2/3)^2, the hydraulic diameter 10 mm.
    expect(step.reynolds.length).toBeCloseTo(10, 9);
    expect(step.reynolds.value).toBeCloseTo((9e-10 * step.reynolds.velocity * 10) / 1e-7, 9);
    expect(step.mass.imbalance).toBeLessThan(1e-8);
    expect(step.nonlinear.residuals.at(-1)).toBeLessThan(1e-8);
    expect(step.pressure_reference).toBe("the outlet pressures");

    const flow = await ok(s, "results.flow", { sets: ["inlet", "outlet", "walls"] });
    const [inlet, outlet, walls] = flow.sets;
    // The inflow is the integral of the prescribed profile, 20 * (2/3)^2 * 100 mm^3/s, up to interpolating the
    // quartic profile by quadratics two elements across.
    expect(Math.abs(-inlet.flow_rate / (20 * (4 / 9) * 100) - 1)).toBeLessThan(0.02);
    expect(Math.abs(inlet.flow_rate + outlet.flow_rate)).toBeLessThan(1e-8 * -inlet.flow_rate);
    expect(Math.abs(walls.flow_rate)).toBeLessThan(1e-12);
    expect(outlet.area).toBeCloseTo(100, 9);
    expect(inlet.mean_pressure).toBeGreaterThan(outlet.mean_pressure);
    expect(Math.abs(outlet.mean_pressure - 0.001)).toBeLessThan(0.05 * (inlet.mean_pressure - 0.001));

    const probe = await ok(s, "solve.probe", { points: [[5, 5, 20], [1, 5, 20]] });
    const [centre, side] = probe.points;
    expect(centre.velocity[2]).toBeGreaterThan(side.velocity[2]);
    // `values.velocity` interpolates the nodal speed, `velocity` the vector: near each other, not equal.
    expect(Math.abs(centre.values.velocity / Math.hypot(...centre.velocity) - 1)).toBeLessThan(0.01);
    expect(Object.keys(centre.values)).toEqual(["velocity", "pressure", "vorticity"]);
    // Points off the mesh are answered each as outside, with the nearest node a search of every node finds.
    const outside = (await ok(s, "solve.probe", { points: [[5, 5, 20], [50, 5, 20], [5, 5, -1]] })).points;
    expect(outside[0].values).toEqual(centre.values);
    const X = s.model().mesh!.mesh.nodes;
    for (const [k, p] of [[1, [50, 5, 20]], [2, [5, 5, -1]]] as const) {
      let best = Infinity;
      for (let n = 0; n < X.length / 3; n++) best = Math.min(best, Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2]));
      const n = outside[k].nearest_node - 1;
      expect(outside[k]).toMatchObject({ point: p, outside: true, distance: best });
      expect(Math.hypot(X[3 * n] - p[0], X[3 * n + 1] - p[1], X[3 * n + 2] - p[2])).toBe(best);
    }

    const contour = await ok(s, "results.contour", { field: "velocity" });
    expect(contour.contour.unit).toBe("mm/s");
    expect(contour.contour.range.min.value).toBe(0);
    expect((await ok(s, "results.contour", { field: "pressure" })).contour.unit).toBe("MPa");
    const picture = await ok(s, "ui.render", { field: "velocity", width: 160, height: 120, path: path.join(dir, "duct.png") });
    expect(picture.field).toMatchObject({ name: "velocity" });
    expect(picture.vectors.arrows).toBeGreaterThan(0); // the flow's arrows come with its speed picture
    expect((await ok(s, "ui.render", { field: "pressure", width: 160, height: 120 })).vectors).toBeNull();
    const pixels = readPicture(picture.png);
    expect(pixels.width).toBe(160);

    const node = (await ok(s, "solve.probe", { nodes: [1] })).nodes[0];
    expect(Object.keys(node)).toEqual(["node", "coordinates", "velocity", "pressure", "vorticity"]);
    expect((await refused(s, "results.reactions")).error).toMatch(/fluid step: it has no reactions; results.flow/);

    const before = s.digest();
    const deck = await refused(s, "deck.write", { format: "abaqus", path: path.join(dir, "flow.inp") });
    expect(deck.error).toMatch(/step Flow is a fluid step: none of the deck formats written here .* expresses steady incompressible flow/);
    expect(s.digest()).toBe(before);

    await ok(s, "file.save_as", { path: path.join(dir, "duct.fieldcraft") });
    const again = createSession();
    await ok(again, "file.open", { path: path.join(dir, "duct.fieldcraft") });
    const reopened = await ok(again, "results.flow", { sets: ["outlet"] });
    expect(reopened.sets[0].flow_rate).toBe(outlet.flow_rate);
  }, 120_000);

  it("refuses what a fluid step cannot use, naming the fix", async () => {
    const s = await ductSession();
    await ok(s, "model.boundary_condition.create", { name: "held", type: "fixed", target: { set: "walls" } });
    await ok(s, "model.step.create", { name: "Bad", procedure: { type: "fluid" }, boundary_conditions: ["in", "held"] });
    expect((await refused(s, "solve.fluid", { step: "Bad" })).error).toMatch(/boundary condition held is a fixed condition, which a fluid step cannot use/);
    await ok(s, "model.step.create", { name: "Static", procedure: { type: "static" }, boundary_conditions: ["noslip"] });
    expect((await refused(s, "solve.static", { step: "Static" })).error).toMatch(/material Oil has no elastic, which step Static \(static\) needs: give it elastic/);
    expect((await refused(s, "model.material.create", { name: "Nothing" })).error).toMatch(/give `elastic` \(stress analyses\), `conductivity` \(heat\) or `fluid` \(fluid steps\)/);
    await ok(s, "mesh.tet.generate", { body: "Duct", size: 5, order: 1 });
    expect((await refused(s, "solve.fluid", { step: "Flow" })).error).toMatch(/fluid steps need a quadratic tetrahedral mesh \(C3D10.*run mesh.tet.generate \{order: 2\}/);
  }, 60_000);
});
