// mesh.planar on a face with a hole: a box union's face around a box standing on it has an inner loop; triangle
// and quadrilateral families mesh the annulus (the hole's edges keep their design names).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { family } from "../src/fem/families/index.js";
import { ok } from "./session-helpers.js";

function design(): string {
  const dir = mkdtempSync(join(tmpdir(), "fc-planar-hole-"));
  const path = join(dir, "plate.solidcraft");
  // A 100 x 60 plate with a 20 x 20 boss on top: the plate's +z face is the plate minus the boss's footprint.
  writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 60, 2] }, { id: "F2", type: "box", min: [40, 20, 2], max: [60, 40, 4] }] }] }));
  return path;
}

describe("mesh.planar on a face with a hole", () => {
  it("meshes the annulus in quadrilaterals and triangles, tags the hole's edges, and a plate with a square hole solves", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: design() });
    const bodies = await ok(s, "geometry.bodies");
    const face = bodies.bodies[0].faces.find((f: { name: string; area: number }) => Math.abs(f.area - 5600) < 1e-9);
    expect(face, JSON.stringify(bodies.bodies[0].faces.map((f: { name: string; area: number }) => [f.name, f.area]))).toBeDefined();
    // Quadrilaterals: all-quadrilateral (paired triangles split), covering the annulus exactly, none inverted.
    const quad = await ok(s, "mesh.planar", { body: "Plate", face: face.name, element: "CPS8", size: 5 });
    expect(quad.mesh.method).toBe("paired");
    expect(quad.mesh.quality.inverted).toBe(0);
    expect(quad.mesh.edges).toHaveLength(8);
    const qm = s.model().mesh!.mesh;
    let qArea = 0;
    for (let e = 0; e < qm.elements.length / 8; e++) {
      const c = [0, 1, 2, 3].map((k) => qm.elements[8 * e + k]);
      for (let k = 0; k < 4; k++) {
        const a = c[k], b = c[(k + 1) % 4];
        qArea += (qm.nodes[3 * a] * qm.nodes[3 * b + 1] - qm.nodes[3 * b] * qm.nodes[3 * a + 1]) / 2;
      }
    }
    expect(qArea).toBeCloseTo(5600, 8);
    const meshed = await ok(s, "mesh.planar", { body: "Plate", face: face.name, element: "CPS6", size: 5 });
    const mesh = s.model().mesh!.mesh;
    const npe = family(mesh.type).nodes;
    // The elements cover the plate minus the hole exactly; no node lies inside the hole.
    let area = 0;
    for (let e = 0; e < mesh.elements.length / npe; e++) {
      const [a, b, c] = [0, 1, 2].map((k) => mesh.elements[e * npe + k]);
      const X = mesh.nodes;
      area += ((X[3 * b] - X[3 * a]) * (X[3 * c + 1] - X[3 * a + 1]) - (X[3 * b + 1] - X[3 * a + 1]) * (X[3 * c] - X[3 * a])) / 2;
    }
    expect(area).toBeCloseTo(5600, 8);
    for (let n = 0; n < mesh.nodes.length / 3; n++) {
      const x = mesh.nodes[3 * n], y = mesh.nodes[3 * n + 1];
      expect(x > 40 + 1e-9 && x < 60 - 1e-9 && y > 20 + 1e-9 && y < 40 - 1e-9).toBe(false);
    }
    // Eight named edges: the plate's four and the hole's four.
    const edges: string[] = meshed.mesh.edges;
    expect(edges).toHaveLength(8);
    expect(edges.some((e) => e.endsWith("|?"))).toBe(false);
    const holeEdges = edges.filter((e) => e.split("|").some((f) => f.startsWith("F2:")));
    expect(holeEdges).toHaveLength(4);
    // Plane stress: clamp the left edge, pull the right; the hole's edges are a set like any other.
    const edgeWith = (f: string) => edges.find((e) => e.split("|").includes(f))!;
    await ok(s, "model.set.create", { name: "left", geometry: [{ body: "Plate", edge: edgeWith("F1:-x") }] });
    await ok(s, "model.set.create", { name: "right", geometry: [{ body: "Plate", edge: edgeWith("F1:+x") }] });
    await ok(s, "model.set.create", { name: "hole", geometry: holeEdges.map((edge) => ({ body: "Plate", edge })) });
    await ok(s, "model.set.create", { name: "plate", geometry: [{ body: "Plate" }] });
    await ok(s, "model.material.create", { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
    await ok(s, "model.section.create", { name: "sec", set: "plate", material: "steel", kind: { type: "plane_stress", thickness: 2 } });
    await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "left" } });
    await ok(s, "model.load.create", { name: "pull", type: "pressure", magnitude: -10, target: { set: "right" } });
    await ok(s, "model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] });
    await ok(s, "solve.static");
    const r = await ok(s, "results.reactions", { step: "Load", sets: ["left"] });
    expect(r.sets[0].force[0]).toBeCloseTo(-10 * 60 * 2, 6);
    // The hole's edge nodes carry the concentration: the largest von Mises is at the hole, above the far field.
    const contour = await ok(s, "results.contour", { field: "von_mises" });
    const at = contour.contour.range.max.node - 1;
    const [x, y] = [mesh.nodes[3 * at], mesh.nodes[3 * at + 1]];
    expect(x >= 40 - 1e-9 && x <= 60 + 1e-9 && y >= 20 - 1e-9 && y <= 40 + 1e-9).toBe(true);
    expect(contour.contour.range.max.value).toBeGreaterThan(10);
  });
});
