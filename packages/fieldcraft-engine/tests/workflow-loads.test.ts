// Loads, conditions and sets checked against hand calculations: pressure totals, prescribed displacements,
// edge sets lying on their edge, node- and element-id sets.
import { describe, expect, it } from "vitest";
import { createSession, resolveSet } from "../src/index.js";
import { ok } from "./session-helpers.js";
import { STEPS } from "./workflow-fixtures.js";

async function meshedBlock(order: 1 | 2 = 2) {
  const s = createSession();
  await ok(s, "geometry.open", { path: STEPS });
  await ok(s, "mesh.tet.generate", { size: 5, order });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Steps" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
  await ok(s, "model.section.create", { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  return s;
}

describe("loads and conditions", () => {
  it("a pressure's reaction is pressure times area, against the face's outward normal", async () => {
    const s = await meshedBlock();
    // F2:+z is the top of the step: 50 x 20 mm at z = 20; 2 MPa pushes down with 2000 N.
    // Naming the face twice must not count its facets twice.
    await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Steps", face: "F2:+z" }, { body: "Steps", face: "F2:+z" }] });
    await ok(s, "model.load.create", { name: "p", type: "pressure", target: { set: "top" }, magnitude: 2 });
    await ok(s, "model.step.create", { name: "Press", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["p"] });
    await ok(s, "solve.static");
    const r = await ok(s, "results.reactions", {});
    expect(Math.abs(r.total.force[2] - 2000) / 2000).toBeLessThan(1e-9);
    expect(Math.abs(r.applied.force[2] + 2000) / 2000).toBeLessThan(1e-9);
    expect(Math.abs(r.total.force[0]) + Math.abs(r.total.force[1])).toBeLessThan(1e-6);
    // Moment of the load about the origin: the resultant acts at the face centre (25, 10, 20): M = r x F.
    expect(r.applied.moment[0]).toBeCloseTo(10 * -2000, 6);
    expect(r.applied.moment[1]).toBeCloseTo(-25 * -2000, 6);
  });

  it("a prescribed displacement holds exactly on its set and pulls the body along", async () => {
    const s = await meshedBlock(1);
    await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }] });
    await ok(s, "model.boundary_condition.create", { name: "stretch", type: "displacement", target: { set: "tip" }, components: { u1: 0.05 } });
    await ok(s, "model.step.create", { name: "Pull", procedure: { type: "static" }, boundary_conditions: ["clamp", "stretch"] });
    await ok(s, "solve.static", { step: "Pull", tolerance: 1e-12 });
    const m = s.model();
    const tip = resolveSet(m.definitions.sets.find((x) => x.name === "tip")!, m.mesh!.mesh, m.design!.design);
    const probe = await ok(s, "solve.probe", { nodes: Array.from(tip.nodes.slice(0, 5), (n) => n + 1) });
    for (const n of probe.nodes) expect(n.displacement.u1).toBe(0.05);
    const range = await ok(s, "results.contour", { field: "u1" });
    expect(range.contour.range.max.value).toBeCloseTo(0.05, 12);
    expect(range.contour.range.min.value).toBeGreaterThanOrEqual(-1e-12);
    // The two holds pull against each other: their reactions are equal and opposite (to the solver tolerance).
    const r = await ok(s, "results.reactions", { sets: ["root", "tip"] });
    expect(r.sets[1].force[0]).toBeGreaterThan(0);
    expect(Math.abs(r.sets[0].force[0] + r.sets[1].force[0]) / r.sets[1].force[0]).toBeLessThan(1e-9);
  });

  it("refuses two conditions that hold one displacement at different values", async () => {
    const s = await meshedBlock(1);
    await ok(s, "model.boundary_condition.create", { name: "shift", type: "displacement", target: { set: "root" }, components: { u3: 1 } });
    await ok(s, "model.step.create", { name: "Clash", procedure: { type: "static" }, boundary_conditions: ["clamp", "shift"] });
    const before = s.digest();
    const out = await s.execute("solve.static");
    expect((out as { error: string }).error).toMatch(/boundary conditions `clamp` and `shift` hold u3 of node \d+ at different values \(0 and 1\)/);
    expect(s.digest()).toBe(before);
  });

  it("resolves edge sets to the nodes on the edge, and id sets to exactly those ids", async () => {
    const s = await meshedBlock(2);
    const bodies = await ok(s, "geometry.bodies");
    const edges: { name: string; length: number }[] = bodies.bodies[0].edges;
    // The edge along y at the root bottom: between F1:-x and F1:-z, 20 mm long.
    const edge = edges.find((e) => e.name.split("|").sort().join("|") === ["F1:-x", "F1:-z"].sort().join("|"))!;
    expect(edge.length).toBeCloseTo(20, 12);
    const made = await ok(s, "model.set.create", { name: "rootEdge", geometry: [{ body: "Steps", edge: edge.name }] });
    // Size 5 along 20 mm: 4 element edges, 5 corners and 4 mid-side nodes on a C3D10 mesh.
    expect(made.members.nodes).toBe(9);
    const m = s.model();
    const set = resolveSet(m.definitions.sets.find((x) => x.name === "rootEdge")!, m.mesh!.mesh, m.design!.design);
    for (const n of set.nodes) {
      expect(m.mesh!.mesh.nodes[3 * n]).toBeCloseTo(0, 12);
      expect(m.mesh!.mesh.nodes[3 * n + 2]).toBeCloseTo(0, 12);
    }
    const ids = await ok(s, "model.set.create", { name: "few", nodes: [3, 1, 2, 2], elements: [5] });
    expect(ids.members.elements).toBe(1);
    const few = resolveSet(s.model().definitions.sets.find((x) => x.name === "few")!, m.mesh!.mesh, m.design!.design);
    expect(Array.from(few.elements)).toEqual([4]);
    expect(few.nodes.length).toBe(new Set([0, 1, 2, ...Array.from(m.mesh!.mesh.elements.slice(40, 50))]).size);
  });
});
