// Partitions are part of the model: saved, re-applied when the model is opened after the design was edited (face
// names and sets still resolve), reported stale by model.check when the plane no longer cuts the design.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSession } from "../../src/index.js";
import { ok, refused } from "../session-helpers.js";
import { writeDesign } from "./fixtures.js";

const design = (f2max: number, shift = 0) => [
  {
    name: "Beam",
    features: [
      { id: "F1", type: "box", min: [shift, 0, 0], max: [shift + 50, 10, 10] },
      { id: "F2", type: "box", min: [shift + 50, 0, 0], max: [f2max, 10, 6] },
    ],
  },
];
const write = (path: string, bodies: unknown) => writeFileSync(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies }));

describe("partition persistence", () => {
  it("save, edit the design (move a box), open: the partition is re-applied and sets resolve; then stale", async () => {
    const path = writeDesign(design(100));
    const model = join(dirname(path), "beam.fieldcraft");
    const s = createSession();
    await ok(s, "geometry.open", { path });
    await ok(s, "geometry.datum", { name: "x30", by: { type: "offset", plane: "yz", offset: 30 } });
    await ok(s, "geometry.datum", { name: "z5", by: { type: "offset", plane: "xy", offset: 5 } });
    await ok(s, "geometry.partition", { name: "p", datum: "x30" });
    // Composed: the second plane cuts both cells again; a cell of a cell is `Beam/b/a`.
    const second = await ok(s, "geometry.partition", { name: "q", datum: "z5" });
    expect(second.cells.map((c: { name: string }) => c.name)).toEqual(["Beam/a/a", "Beam/a/b", "Beam/b/a", "Beam/b/b"]);
    const bodies = await ok(s, "geometry.bodies");
    const cell = bodies.bodies.find((b: { name: string }) => b.name === "Beam/b/b");
    expect(cell.faces.map((f: { name: string }) => f.name).sort()).toEqual(["F1:+x", "F1:+y", "F1:+z", "F1:-y", "F2:+x", "F2:+y", "F2:+z", "F2:-y", "partition:p:b", "partition:q:b"].sort());
    const volume = bodies.bodies.reduce((t: number, b: { volume: number }) => t + b.volume, 0);
    expect(volume).toBeCloseTo(50 * 100 + 50 * 60, 9);
    await ok(s, "mesh.cells", { default: "hex", size: 2.5, order: 1 });
    await ok(s, "model.set.create", { name: "cut", geometry: [{ body: "Beam", face: "partition:p:a" }] });
    await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Beam", face: "F2:+x" }] });
    await ok(s, "file.save_as", { path: model });

    // Edit: the tip box grows to x = 120.
    write(path, design(120));
    const o = createSession();
    await ok(o, "file.open", { path: model });
    const info = await ok(o, "model.info");
    expect(info.design.bodies).toEqual(["Beam/a/a", "Beam/a/b", "Beam/b/a", "Beam/b/b"]);
    expect(info.partitions.map((p: { name: string; stale: boolean }) => [p.name, p.stale])).toEqual([["p", false], ["q", false]]);
    expect(info.datums.map((d: { name: string }) => d.name)).toEqual(["x30", "z5"]);
    const grown = await ok(o, "geometry.bodies");
    expect(grown.bodies.find((b: { name: string }) => b.name === "Beam/b/a").bbox.max[0]).toBe(120);
    await ok(o, "mesh.cells", { default: "hex", size: 2.5, order: 1 });
    const check = await ok(o, "model.check");
    expect(check.warnings.filter((w: { item: string }) => /set|partition/.test(w.item))).toEqual([]);
    const tipNodes = await ok(o, "model.info");
    expect(tipNodes.mesh.bodies).toHaveLength(4);

    // Edit: the part moves right past the plane x = 30: partition p cuts nothing and is reported stale.
    write(path, design(160, 40));
    const moved = createSession();
    await ok(moved, "file.open", { path: model });
    const stale = await ok(moved, "model.check");
    expect(stale.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ item: "partition p", message: expect.stringMatching(/stale/) })]));
    expect((await ok(moved, "model.info")).design.bodies).toEqual(["Beam/a", "Beam/b"]);
  });

  it("refuses a plane that cuts nothing and an unknown datum", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: writeDesign(design(100)) });
    await ok(s, "geometry.datum", { name: "far", by: { type: "offset", plane: "yz", offset: 500 } });
    await ok(s, "geometry.datum", { name: "tilt", by: { type: "point_normal", point: [50, 5, 5], normal: [1, 1, 0] } });
    const before = s.digest();
    expect((await refused(s, "geometry.partition", { name: "p", datum: "far" })).error).toMatch(/does not cut any body/);
    expect((await refused(s, "geometry.partition", { name: "p", datum: "nope" })).error).toMatch(/no datum plane named `nope`; datum planes: `far`, `tilt`/);
    expect((await refused(s, "geometry.datum", { name: "bad", by: { type: "points", points: [[0, 0, 0], [1, 1, 1], [2, 2, 2]] } })).error).toMatch(/lie on one line/);
    expect(s.digest()).toBe(before);
  });
});
