// model.check warnings after a design is edited and opened again with `model: keep`: sets, loads and
// boundary conditions that no longer resolve, and a mesh that no longer matches the design.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { meshBodyMeasures } from "../src/mesh/measure.js";
import { ok } from "./session-helpers.js";

const steps = (length: number, f1 = "F1", body = "Steps") => ({
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    {
      name: body,
      features: [
        { id: f1, type: "box", min: [0, 0, 0], max: [length, 20, 10] },
        { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
      ],
    },
  ],
});

let dir: string;
let file: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-check-design-"));
  file = path.join(dir, "steps.solidcraft");
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function setUp(): Promise<Session> {
  await fs.writeFile(file, JSON.stringify(steps(100)));
  const s = createSession();
  await ok(s, "geometry.open", { path: file });
  await ok(s, "mesh.tet.generate", { size: 5, order: 1 });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Steps" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }] });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -1000] });
  return s;
}

const drift = (w: { message: string }) => /current design/.test(w.message);

describe("model.check and the design", () => {
  it("the mesh's body volume is the design's (hand value 100·20·10 + 50·20·10), so an unedited model has no drift warnings", async () => {
    const s = await setUp();
    expect(meshBodyMeasures(s.model().mesh!.mesh).measure[0]).toBeCloseTo(30000, 6);
    expect((await ok(s, "model.check")).warnings.filter(drift)).toEqual([]);
  });

  it("a lengthened design: the mesh no longer matches it", async () => {
    const s = await setUp();
    await fs.writeFile(file, JSON.stringify(steps(120)));
    await ok(s, "geometry.open", { path: file, model: "keep" });
    const check = await ok(s, "model.check");
    expect(check.warnings.filter(drift)).toEqual([
      { item: "mesh body Steps", message: expect.stringMatching(/its volume 30000 differs from the design body's 34000: the mesh does not match the current design/), command: "mesh.tet.generate" },
    ]);
    // Re-meshing clears it.
    await ok(s, "mesh.tet.generate", { size: 5, order: 1 });
    expect((await ok(s, "model.check")).warnings.filter(drift)).toEqual([]);
  });

  it("renamed faces: the sets, the load and the boundary condition on them no longer resolve, and the mesh's faces are gone", async () => {
    const s = await setUp();
    await fs.writeFile(file, JSON.stringify(steps(100, "G1")));
    const reopened = await ok(s, "geometry.open", { path: file, model: "keep" });
    expect(reopened.stale.sets).toEqual(["root", "tip"]);
    const check = await ok(s, "model.check");
    const flagged = [...check.errors.filter((e: { item: string }) => e.item.startsWith("set ")), ...check.warnings.filter(drift)];
    const items = flagged.map((w: { item: string }) => w.item);
    // Each item once, as an error (a set the mesh cannot resolve) or a warning.
    expect(items.sort()).toEqual(["boundary condition clamp", "load push", "mesh body Steps", "set root", "set tip"]);
    expect(check.warnings).toContainEqual({ item: "load push", message: "acts on set `tip`, which no longer resolves on the current design" });
    expect(check.warnings.find((w: { item: string; message: string }) => w.item === "mesh body Steps" && drift(w)).message).toMatch(/faces the design no longer has \(F1:/);
  });

  it("a design without the meshed body", async () => {
    const s = await setUp();
    await fs.writeFile(file, JSON.stringify(steps(100, "F1", "Other")));
    await ok(s, "geometry.open", { path: file, model: "keep" });
    const check = await ok(s, "model.check");
    expect(check.warnings).toContainEqual({ item: "mesh body Steps", message: expect.stringMatching(/the design has no body of this name any more/), command: "mesh.tet.generate" });
  });
});
