// The seed's typical session, command for command, through session.execute on the stepped block of the corpus.
import { describe, expect, it } from "vitest";
import { createSession, nodeCount } from "../src/index.js";
import { ok } from "./session-helpers.js";
import { SEED_BATCH, STEPS } from "./workflow-fixtures.js";

describe("the seed's typical session", () => {
  it("opens, inspects, meshes, sets up, solves, contours and balances reactions", async () => {
    const s = createSession();
    const opened = await ok(s, "geometry.open", { path: STEPS });
    expect(opened.bodies.map((b: { name: string }) => b.name)).toEqual(["Steps"]);

    const bodies = await ok(s, "geometry.bodies");
    const faces = bodies.bodies[0].faces.map((f: { name: string }) => f.name);
    expect(faces).toEqual(expect.arrayContaining(["F1:-x", "F1:+x", "F1:-z", "F2:+z"]));
    const root = bodies.bodies[0].faces.find((f: { name: string }) => f.name === "F1:-x");
    expect(root.area).toBeCloseTo(20 * 10, 9);
    expect(bodies.bodies[0].volume).toBeCloseTo(100 * 20 * 10 + 50 * 20 * 10, 6);
    expect(bodies.bodies[0].edges.length).toBeGreaterThan(0);

    const meshed = await ok(s, "mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
    expect(meshed.mesh.type).toBe("C3D10");
    const quality = await ok(s, "mesh.quality");
    expect(quality.inverted).toBe(0);
    expect(quality.elements).toBe(meshed.mesh.elements);
    expect(quality.dihedral.min).toBeGreaterThan(0);

    for (const { command, params } of SEED_BATCH) await ok(s, command, params);
    const check = await ok(s, "model.check");
    expect(check.errors).toEqual([]);
    expect(check.progress.next).toEqual({ stage: "solved", command: "solve.static" });

    const solved = await ok(s, "solve.static", { step: "Load" });
    expect(solved.steps[0].step).toBe("Load");
    expect(solved.steps[0].solver.relative_residual).toBeLessThan(1e-6);

    const shown = await ok(s, "results.contour", { step: "Load", field: "displacement" });
    const max = shown.contour.range.max;
    expect(shown.contour.field).toBe("displacement");
    const mesh = s.model().mesh!.mesh;
    expect(max.node).toBeGreaterThanOrEqual(1);
    expect(max.node).toBeLessThanOrEqual(nodeCount(mesh));
    // The largest displacement is at the free end (x = 100), and the probe at that node agrees.
    expect(mesh.nodes[3 * (max.node - 1)]).toBeCloseTo(100, 9);
    const probe = await ok(s, "solve.probe", { step: "Load", nodes: [max.node] });
    expect(probe.nodes[0].displacement.magnitude).toBe(max.value);
    expect(probe.nodes[0].displacement.u3).toBeLessThan(0);

    // Cantilever of a stepped section: the tip deflection lies between those of the thin and the thick beam
    // (Euler-Bernoulli, E 210000, L 100, b 20, h 10 or 20: 1000*100^3/(3*E*b*h^3/12)).
    const beam = (h: number) => (1000 * 100 ** 3) / (3 * 210000 * ((20 * h ** 3) / 12));
    expect(max.value).toBeGreaterThan(beam(20));
    expect(max.value).toBeLessThan(beam(10) * 1.2);

    const reactions = await ok(s, "results.reactions", { step: "Load" });
    expect(reactions.sets.map((r: { set: string }) => r.set)).toEqual(["root"]);
    const rz = reactions.sets[0].force[2];
    expect(Math.abs(rz - 1000) / 1000).toBeLessThan(1e-9);
    expect(Math.abs(reactions.total.force[0]) / 1000).toBeLessThan(1e-9);
    expect(Math.abs(reactions.total.force[1]) / 1000).toBeLessThan(1e-9);
    expect(reactions.relative_imbalance).toBeLessThan(1e-9);
    // Moment balance about the root: the load's moment (1000 N at x = 100) is taken by the clamp.
    const about = await ok(s, "results.reactions", { step: "Load", sets: ["root"], about: [0, 10, 5] });
    expect(Math.abs(about.sets[0].moment[1] + 1000 * 100) / 1e5).toBeLessThan(1e-6);
  });

  it("walks the set-up checklist: model.check names the next stage and its command at each point", async () => {
    const s = createSession();
    const next = async () => (await ok(s, "model.check")).progress.next;
    expect(await next()).toEqual({ stage: "design", command: "geometry.open" });
    await ok(s, "geometry.open", { path: STEPS });
    expect(await next()).toEqual({ stage: "mesh", command: "mesh.tet.generate" });
    await ok(s, "mesh.tet.generate", { size: 10, order: 1 });
    expect(await next()).toEqual({ stage: "material", command: "model.material.create" });
    for (const { command, params } of SEED_BATCH.slice(0, 5)) await ok(s, command, params);
    expect(await next()).toEqual({ stage: "section", command: "model.section.create" });
    await ok(s, SEED_BATCH[5].command, SEED_BATCH[5].params);
    expect(await next()).toEqual({ stage: "boundary conditions", command: "model.boundary_condition.create" });
    await ok(s, SEED_BATCH[6].command, SEED_BATCH[6].params);
    await ok(s, SEED_BATCH[7].command, SEED_BATCH[7].params);
    const beforeStep = await ok(s, "model.check");
    expect(beforeStep.progress.next).toEqual({ stage: "step", command: "model.step.create" });
    expect(beforeStep.warnings.map((w: { item: string }) => w.item)).toEqual(["boundary condition clamp", "load push"]);
    await ok(s, SEED_BATCH[8].command, SEED_BATCH[8].params);
    expect(await next()).toEqual({ stage: "solved", command: "solve.static" });
    const activity = await ok(s, "model.activity");
    expect(activity.steps).toEqual([{ index: 1, name: "Load", procedure: "static", boundary_conditions: ["clamp"], loads: ["push"], solved: false }]);
    await ok(s, "solve.static");
    expect(await next()).toBeNull();
    expect((await ok(s, "model.activity")).steps[0].solved).toBe(true);

    // Undo takes the solve back (results are part of the model); redo restores them exactly.
    const solved = s.digest();
    await ok(s, "edit.undo");
    expect(await next()).toEqual({ stage: "solved", command: "solve.static" });
    expect((await s.execute("results.contour", { field: "von_mises" })).ok).toBe(false);
    await ok(s, "edit.redo");
    expect(s.digest()).toBe(solved);
    const mises = await ok(s, "results.contour", { field: "von_mises" });
    expect(mises.contour.range.max.value).toBeGreaterThan(0);
    expect(mises.contour.unit).toBe("MPa");
    expect(s.view().contour).toMatchObject({ step: "Load", field: "von_mises" });

    // A new material changes no solved step and keeps the results; a new section changes the elements' material
    // and drops the results it made stale, saying so.
    await ok(s, "model.material.create", { name: "Alu", elastic: { type: "isotropic", young: 70000, poisson: 0.33 } });
    expect(Object.keys(s.model().results)).toEqual(["Load"]);
    const section = await ok(s, "model.section.create", { name: "alu", set: "all", material: "Alu", kind: { type: "solid" } });
    expect(section.results_cleared).toEqual(["Load"]);
    expect(Object.keys(s.model().results)).toEqual([]);
  });

  it("reports a model that cannot be solved as a failure naming what to add", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.tet.generate", { size: 10, order: 1 });
    for (const { command, params } of SEED_BATCH.slice(0, 5)) await ok(s, command, params);
    await ok(s, "model.set.create", { name: "lower", elements: [1, 2, 3] });
    await ok(s, "model.section.create", { name: "part", set: "lower", material: "Steel", kind: { type: "solid" } });
    await ok(s, "model.set.create", { name: "one", elements: [2] });
    await ok(s, "model.section.create", { name: "again", set: "one", material: "Steel", kind: { type: "solid" } });
    await ok(s, "model.step.create", { name: "Empty", procedure: { type: "static" } });
    const check = await ok(s, "model.check");
    expect(check.ok).toBe(false);
    expect(check.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ item: "mesh", command: "model.section.create" }),
        expect.objectContaining({ item: "step Empty", command: "model.boundary_condition.create" }),
      ]),
    );
    expect(check.warnings).toContainEqual({ item: "section again", message: "1 of its elements are in an earlier section too; this one applies to them" });
    const before = s.digest();
    const out = await s.execute("solve.static");
    expect(out.ok).toBe(false);
    expect((out as { error: string }).error).toMatch(/step Empty holds no boundary condition/);
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
    await ok(s, "model.step.create", { name: "Held", procedure: { type: "static" }, boundary_conditions: ["clamp"] });
    const bare = await s.execute("solve.static", { step: "Held" });
    expect((bare as { error: string }).error).toMatch(/elements have no section \(element \d+, body `Steps`, is one\): run model\.section\.create/);
    expect(s.digest()).not.toBe(before);
  });
});
