// Edge seeds in the tet mesher: a seeded edge is divided at exactly the seed's nodes (read back from the mesh's
// nodes on the edge), the bias holds, the neighbouring sizes grade from the seed, and extrusions take seeds along
// the sweep (layers) and on the profile.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { GROWTH } from "../src/mesh/gradedLines.js";
import { ok } from "./session-helpers.js";
import { L_BRACKET, STEPS } from "./workflow-fixtures.js";


/** Positions (0..1 along the edge) of the mesh's nodes on a straight design edge, sorted. */
function positionsOn(s: ReturnType<typeof createSession>, body: string, edge: string): number[] {
  const e = s.model().design!.design.bodies.find((b) => b.name === body)!.edges.find((x) => x.name === edge)!;
  const [p, q] = e.segments[0];
  const mesh = s.model().mesh!.mesh;
  const d = [0, 1, 2].map((a) => q[a] - p[a]);
  const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  const out: number[] = [];
  for (let n = 0; n < mesh.nodes.length / 3; n++) {
    const v = [0, 1, 2].map((a) => mesh.nodes[3 * n + a] - p[a]);
    const t = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / len2;
    if (t >= -1e-9 && t <= 1 + 1e-9 && Math.hypot(v[0] - t * d[0], v[1] - t * d[1], v[2] - t * d[2]) < 1e-9) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

describe("edge seeds in the tet mesher", () => {
  it("a box union: exact counts on seeded edges, the bias ratio, the neighbours graded from the seed", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F2:-y" }], count: 25 }); // x 0..50: 2 mm
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }], count: 6, bias: { ratio: 3, toward: "start" } }); // z 0..10
    const r = await ok(s, "mesh.tet.generate", { size: 10, order: 1 });
    expect(positionsOn(s, "Steps", "F1:-y|F2:-y").length - 1).toBe(25);
    const z = positionsOn(s, "Steps", "F1:-x|F1:-y");
    expect(z.length - 1).toBe(6);
    const steps = z.slice(1).map((v, i) => v - z[i]);
    const edge = s.model().design!.design.bodies[0].edges.find((e) => e.name === "F1:-x|F1:-y")!;
    // Small divisions at the edge's start (its first point).
    const startsLow = edge.segments[0][0][2] < edge.segments[0][1][2];
    expect(Math.abs((startsLow ? steps[5] / steps[0] : steps[0] / steps[5]) - 3)).toBeLessThan(1e-9);
    expect(r.mesh.bodies[0].seeds).toEqual([
      { seed: 1, edge: "F1:-y|F2:-y", count: 25 },
      { seed: 2, edge: "F1:-x|F1:-y", count: 6 },
    ]);
    // Along x 50..100 (unseeded, size 10) the divisions grow from the seed's 2 mm at x = 50 by about GROWTH each.
    const x = positionsOn(s, "Steps", "F1:+z|F1:-y").map((t) => 50 * t);
    const dx = x.slice(1).map((v, i) => v - x[i]);
    expect(Math.min(dx[0], dx[dx.length - 1])).toBeLessThan(2 * GROWTH * 1.05);
    expect(Math.max(...dx)).toBeGreaterThan(6);
    for (let i = 1; i < dx.length; i++) expect(Math.max(dx[i] / dx[i - 1], dx[i - 1] / dx[i])).toBeLessThan(GROWTH * 1.1);
    // Quadratic tets keep the same divisions (mid-edge nodes double the nodes on the edge).
    await ok(s, "mesh.tet.generate", { size: 10, order: 2 });
    expect(positionsOn(s, "Steps", "F1:-y|F2:-y").length - 1).toBe(50);
  });

  it("an extrusion: a seed along the sweep sets the layers, a profile seed its edge's divisions", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: L_BRACKET });
    const edges = s.model().design!.design.bodies[0].edges;
    const along = edges.find((e) => e.faces.every((f) => f.includes(":side:")))!.name;
    const profile = edges.find((e) => e.faces.includes("F1:start") && e.faces.includes("F1:side:1"))!.name;
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Bracket", edge: along }], count: 7 });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Bracket", edge: profile }], count: 13 });
    const r = await ok(s, "mesh.tet.generate", { size: 5, order: 1 });
    expect(positionsOn(s, "Bracket", along).length - 1).toBe(7);
    expect(positionsOn(s, "Bracket", profile).length - 1).toBe(13);
    expect(r.mesh.bodies[0].seeds).toEqual([
      { seed: 1, edge: along, count: 7 },
      { seed: 2, edge: profile, count: 13 },
    ]);
    const q = await ok(s, "mesh.quality");
    expect(q.inverted).toBe(0);
  });
});
