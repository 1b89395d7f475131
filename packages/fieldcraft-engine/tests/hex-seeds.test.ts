// Edge seeds through the session: exact counts read back from the mesh's nodes on the edge, conflicts refused
// naming both seeds with the model unchanged, stale seeds listed, clearing, and seeds saved with the model.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createSession, modelDigest } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { STEPS } from "./workflow-fixtures.js";

const BLOCK = path.join(path.dirname(STEPS), "..", "block", "block.solidcraft");

/** Mesh divisions along a straight edge: the mesh nodes on the segment, less one. */
function divisionsOn(s: ReturnType<typeof createSession>, body: string, edge: string): number {
  const e = s.model().design!.design.bodies.find((b) => b.name === body)!.edges.find((x) => x.name === edge)!;
  const [p, q] = e.segments[0];
  const mesh = s.model().mesh!.mesh;
  const d = [0, 1, 2].map((a) => q[a] - p[a]);
  const len2 = d[0] ** 2 + d[1] ** 2 + d[2] ** 2;
  let on = 0;
  for (let n = 0; n < mesh.nodes.length / 3; n++) {
    const v = [0, 1, 2].map((a) => mesh.nodes[3 * n + a] - p[a]);
    const t = (v[0] * d[0] + v[1] * d[1] + v[2] * d[2]) / len2;
    const off = Math.hypot(v[0] - t * d[0], v[1] - t * d[1], v[2] - t * d[2]);
    if (t >= -1e-9 && t <= 1 + 1e-9 && off < 1e-9) on++;
  }
  return on - 1;
}

describe("edge seeds", () => {
  it("an exact seed gets exactly its count on every edge it names, across blocks; the reply and the mesh agree", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    // F1:-y|F1:-z runs x 0..100 over two grid intervals; F1:-x|F1:-y runs z 0..10 over one.
    const seeded = await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }], count: 7 });
    expect(seeded).toEqual({ seed: 1, edges: [{ body: "Steps", edge: "F1:-y|F1:-z", count: 7 }], replaced: [] });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }], count: 3 });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F2:+x|F2:+y" }], size: 2.5 });
    const meshed = await ok(s, "mesh.hex", { size: 20, order: 1 });
    expect(divisionsOn(s, "Steps", "F1:-y|F1:-z")).toBe(7);
    expect(divisionsOn(s, "Steps", "F1:-x|F1:-y")).toBe(3);
    expect(divisionsOn(s, "Steps", "F2:+x|F2:+y")).toBe(4);
    // Conformity holds: the shorter edge over x 0..50 shares the first interval's count.
    expect(divisionsOn(s, "Steps", "F1:-y|F2:-y") + divisionsOn(s, "Steps", "F1:+z|F1:-y")).toBe(7);
    expect(meshed.mesh.bodies[0].seeds).toEqual([
      { seed: 1, edge: "F1:-y|F1:-z", count: 7 },
      { seed: 2, edge: "F1:-x|F1:-y", count: 3 },
      { seed: 3, edge: "F2:+x|F2:+y", count: 4 },
    ]);
    // Quadratic elements: the same divisions, twice the nodes along the edge.
    await ok(s, "mesh.hex", { size: 20, order: 2 });
    expect(divisionsOn(s, "Steps", "F1:-y|F1:-z")).toBe(14);
  });

  it("an impossible pair of exact counts is refused naming both seeds, and the model is unchanged", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F2:-y" }], count: 4 }); // x 0..50
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:+z|F1:-y" }], count: 5 }); // x 50..100
    const before = modelDigest(s.model());
    const r = await refused(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }], count: 8 }); // x 0..100
    expect(r.error).toMatch(/seeds conflict: #3 asks 8 divisions on edge "F1:-y\|F1:-z", but #1, #2 already fix 9 there/);
    expect(modelDigest(s.model())).toBe(before);
    // A min seed that already holds is fine, and a free one never conflicts.
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }], count: 8, constraint: "min" });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }], count: 2, constraint: "free" });
    await ok(s, "mesh.hex", { size: 20, order: 1 });
    expect(divisionsOn(s, "Steps", "F1:-y|F1:-z")).toBe(9);
  });

  it("seeds are listed (stale when the design loses the edge), cleared by edge or all, and saved with the model", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-y|F1:-z" }, { body: "Steps", edge: "F1:-x|F1:-y" }], count: 6 });
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "fieldcraft-seeds-")), "seeded.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const t = createSession();
    await ok(t, "file.open", { path: file });
    expect((await ok(t, "mesh.seed.list")).seeds).toEqual([
      { seed: 1, count: 6, constraint: "exact", edges: [{ body: "Steps", edge: "F1:-y|F1:-z", stale: false }, { body: "Steps", edge: "F1:-x|F1:-y", stale: false }] },
    ]);
    await ok(t, "geometry.open", { path: BLOCK });
    expect((await ok(t, "mesh.seed.list")).seeds[0].edges.every((e: { stale: boolean }) => e.stale)).toBe(true);
    expect(await ok(t, "mesh.seed.clear", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }] })).toEqual({ cleared: 1, remaining: 1 });
    expect(await ok(t, "mesh.seed.clear", {})).toEqual({ cleared: 1, remaining: 0 });
    expect((await ok(t, "mesh.seed.list")).seeds).toEqual([]);
    expect((await refused(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F9:+x|F9:+y" }], count: 2 })).error).toMatch(/has no edge `F9:\+x\|F9:\+y`/);
    expect((await refused(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }] })).error).toMatch(/exactly one of `count` and `size`/);
  });

  it("bias grades an edge geometrically: the ratio of largest to smallest division within 1e-9, small ones where asked", async () => {
    // F1:-x|F1:-y runs from (0, 0, 0) to (0, 0, 10): its start is z = 0.
    const spacing = async (count: number, toward: "start" | "end" | "both") => {
      const s = createSession();
      await ok(s, "geometry.open", { path: STEPS });
      await ok(s, "mesh.seed.edge", { edges: [{ body: "Steps", edge: "F1:-x|F1:-y" }], count, bias: { ratio: 3, toward } });
      await ok(s, "mesh.hex", { size: 20, order: 1 });
      const mesh = s.model().mesh!.mesh;
      const z: number[] = [];
      for (let n = 0; n < mesh.nodes.length / 3; n++) if (mesh.nodes[3 * n] === 0 && mesh.nodes[3 * n + 1] === 0 && mesh.nodes[3 * n + 2] <= 10) z.push(mesh.nodes[3 * n + 2]);
      z.sort((a, b) => a - b);
      expect(z).toHaveLength(count + 1);
      return z.slice(1).map((v, i) => v - z[i]);
    };
    const start = await spacing(6, "start");
    expect(Math.abs(start[5] / start[0] - 3)).toBeLessThan(1e-9);
    for (let i = 1; i < 6; i++) expect(start[i]).toBeGreaterThan(start[i - 1]);
    const end = await spacing(6, "end");
    expect(Math.abs(end[0] / end[5] - 3)).toBeLessThan(1e-9);
    const both = await spacing(7, "both");
    expect(Math.abs(both[3] / both[0] - 3)).toBeLessThan(1e-9);
    expect(both[0]).toBeCloseTo(both[6], 12);
    expect(start.reduce((a, b) => a + b, 0)).toBeCloseTo(10, 12);
  });
});
