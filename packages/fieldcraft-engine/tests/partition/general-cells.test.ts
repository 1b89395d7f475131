// Cells that are general polyhedra: a box cut by an oblique datum. Both cells are meshed by the general tet mesher
// (the hex meshers refuse them, saying why), their volumes add up to the box, the cut faces are one conforming
// interface (merged), the cantilever deflects as the box meshed whole, and sets by face name reach the cells.
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import type { StaticSolution } from "../../src/fem/types.js";
import { ok, refused } from "../session-helpers.js";
import { steelStatic, writeDesign } from "./fixtures.js";

const beam = [{ name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }];
const fixed = [{ body: "Beam", face: "F1:-x" }];
const load = [{ body: "Beam", face: "F1:+x" }];
const force = [0, 0, -100];
const tilt = (() => {
  const n = [1, 0.35, 0.5];
  const l = Math.hypot(...n);
  return n.map((v) => v / l);
})();

/** Mean vertical displacement of the tip face's nodes. */
function tip(solution: StaticSolution, nodes: Float64Array): number {
  let sum = 0, count = 0;
  for (let i = 0; i < nodes.length / 3; i++)
    if (Math.abs(nodes[3 * i] - 100) < 1e-9) (sum += solution.displacement[3 * i + 2]), count++;
  return sum / count;
}

/** Volume of the linear tets of one body (corners 0..3 of each element). */
function bodyVolume(mesh: { nodes: Float64Array; elements: Int32Array; elementBody: Int32Array | number[]; bodies: string[] }, body: string, npe: number): number {
  const b = mesh.bodies.indexOf(body);
  const x = mesh.nodes;
  let v = 0;
  for (let e = 0; e < mesh.elementBody.length; e++) {
    if (mesh.elementBody[e] !== b) continue;
    const [p, q, r, s] = [0, 1, 2, 3].map((k) => mesh.elements[e * npe + k]);
    const d = (i: number, j: number) => x[3 * i + j] - x[3 * p + j];
    v += (d(q, 0) * (d(r, 1) * d(s, 2) - d(r, 2) * d(s, 1)) - d(q, 1) * (d(r, 0) * d(s, 2) - d(r, 2) * d(s, 0)) + d(q, 2) * (d(r, 0) * d(s, 1) - d(r, 1) * d(s, 0))) / 6;
  }
  return v;
}

describe("general polyhedron cells", () => {
  it("an oblique cut of a box: tet cells, volumes add up, one merged interface, the whole box's deflection", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(beam) });
    await ok(s, "geometry.datum", { name: "tilt", by: { type: "point_normal", point: [50, 5, 5], normal: tilt } });
    await ok(s, "geometry.partition", { name: "cut", datum: "tilt" });
    const design = s.model().design!.design;
    expect(design.bodies.map((b) => [b.name, b.kind])).toEqual([["Beam/a", "mesh"], ["Beam/b", "mesh"]]);
    expect(design.bodies[0].volume + design.bodies[1].volume).toBeCloseTo(10_000, 9);
    // The hex meshers say why they cannot.
    expect((await refused(s, "mesh.cells", { default: "hex", size: 5 })).error).toMatch(/general polyhedron.*use method `tet`/);
    const meshed = await ok(s, "mesh.cells", { default: "tet", size: 20, order: 2 });
    expect(meshed.mesh.interfaces).toEqual([{ partition: "cut", kind: "merged", nodes: expect.any(Number), sides: { a: ["Beam/a"], b: ["Beam/b"] } }]);
    const mesh = s.model().mesh!.mesh;
    const va = bodyVolume(mesh, "Beam/a", 10), vb = bodyVolume(mesh, "Beam/b", 10);
    expect(Math.abs(va - design.bodies[0].volume)).toBeLessThan(1e-9 * 10_000);
    expect(Math.abs(va + vb - 10_000)).toBeLessThan(1e-9 * 10_000);
    const cells = await steelStatic(s, { fixed, load, force, tolerance: 1e-10 });
    const whole = createSession();
    await ok(whole, "geometry.open", { path: writeDesign(beam) });
    await ok(whole, "mesh.tet.generate", { size: 5, order: 2 });
    const w = await steelStatic(whole, { fixed, load, force, tolerance: 1e-10 });
    const dc = tip(cells.solution, cells.mesh.nodes), dw = tip(w.solution, w.mesh.nodes);
    expect(dw).toBeLessThan(-0.18);
    expect(Math.abs(dc - dw) / Math.abs(dw)).toBeLessThan(0.01);
    expect(Math.abs(cells.root[2] - 100) / 100).toBeLessThan(1e-9);

    // Face-named sets resolve on the cells: the side face -y lies on both.
    const side = await ok(s, "model.set.create", { name: "side", geometry: [{ body: "Beam", face: "F1:-y" }] });
    const onSide = new Set<string>();
    for (let f = 0; f < mesh.boundary.tag.length; f++) {
      const t = mesh.faceTags[mesh.boundary.tag[f]];
      if (t.face === "F1:-y") onSide.add(t.body);
    }
    expect([...onSide].sort()).toEqual(["Beam/a", "Beam/b"]);
    expect(side.members.facets).toBe(mesh.boundary.tag.filter((t) => mesh.faceTags[t].face === "F1:-y").length);
  }, 120_000);
});
