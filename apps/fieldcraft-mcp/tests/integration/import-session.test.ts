import * as fs from "node:fs";
import * as path from "node:path";
import { drawnFraction, imageOf } from "../support/pixels.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, CORPUS, startClient, tempDir, type Started } from "./helpers.js";

// An imported part through the built binary: `open` a .3mf (lib3mf's Helix example, BSD-2), inspect its
// faces S1..., mesh in tetrahedra, set up on faces by name, solve and take a screenshot.

let server: Started;
let dir: string;

beforeAll(async () => {
  dir = tempDir("fc-mcp-import-");
  fs.copyFileSync(path.join(CORPUS, "lib3mf", "Helix.3mf"), path.join(dir, "Helix.3mf"));
  fs.copyFileSync(path.join(CORPUS, "lib3mf", "Helix.stl"), path.join(dir, "Helix.stl"));
  server = await startClient([], dir);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("an imported part through the MCP server", () => {
  test("open .3mf, inspect_model shows S1..., mesh tet, set up on faces by name, solve, screenshot", async () => {
    const opened = await call(server.client, "open", { path: path.join(dir, "Helix.3mf") });
    expect(opened.isError, opened.text).toBe(false);
    expect(opened.text).toContain("S1");
    const inspected = await call(server.client, "inspect_model", {});
    expect(inspected.isError, inspected.text).toBe(false);
    expect(inspected.text).toMatch(/S1/);
    const meshed = await call(server.client, "mesh", { method: "tet", params: { size: 20, order: 2 } });
    expect(meshed.isError, meshed.text).toBe(false);
    expect(meshed.text).toContain("C3D10");
    const setup = [
      { command: "model.set.create", params: { name: "all", geometry: [{ body: "Helix" }] } },
      { command: "model.set.create", params: { name: "base", geometry: [{ body: "Helix", face: "S1" }] } },
      { command: "model.set.create", params: { name: "top", geometry: [{ body: "Helix", face: "S2" }] } },
      { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
      { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
      { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "base" } } },
      { command: "model.load.create", params: { name: "push", type: "pressure", target: { set: "top" }, magnitude: 1 } },
      { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] } },
    ];
    const batch = await call(server.client, "batch", { commands: setup });
    expect(batch.isError, batch.text).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "static", step: "Load" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const shot = await call(server.client, "screenshot", { view: "iso", width: 320, height: 240 });
    expect(shot.isError, shot.text).toBe(false);
    const png = imageOf(shot);
    const drawn = drawnFraction(png);
    expect(drawn).toBeGreaterThan(0.05);
  }, 300_000);

  test("open .stl goes to the import too, in the unit `units` names; a design in metres opens converted; a damaged one is refused by name and the server keeps serving", async () => {
    const opened = await call(server.client, "open", { path: path.join(dir, "Helix.stl") });
    expect(opened.isError, opened.text).toBe(false);
    // `units` says what the STL's numbers are in: inches come in 25.4 times larger (volume 25.4^3).
    const mm = JSON.parse(opened.text);
    const inches = await call(server.client, "open", { path: path.join(dir, "Helix.stl"), units: "in" });
    expect(inches.isError, inches.text).toBe(false);
    const inch = JSON.parse(inches.text);
    expect(inch).toMatchObject({ units: "mm", file_unit: "in" });
    expect(inch.bodies[0].volume / mm.bodies[0].volume / 25.4 ** 3).toBeCloseTo(1, 9);
    const design = path.join(dir, "box.solidcraft");
    fs.writeFileSync(design, JSON.stringify({ format: "solidcraft/1", units: "m", bodies: [{ name: "B", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [0.1, 0.02, 0.01] }] }] }));
    const refusedUnits = await call(server.client, "open", { path: design, units: "in" });
    expect(refusedUnits.isError).toBe(true);
    expect(refusedUnits.text).toMatch(/`units` applies to a part/);
    const converted = JSON.parse((await call(server.client, "open", { path: design, model: "new" })).text);
    expect(converted).toMatchObject({ units: "mm", converted: { from: "m", to: "mm", factor: 1000 } });
    expect(converted.bodies[0].volume).toBeCloseTo(20_000, 6);
    const bytes = fs.readFileSync(path.join(dir, "Helix.stl"));
    fs.writeFileSync(path.join(dir, "cut.stl"), bytes.subarray(0, bytes.length - 100));
    const cut = await call(server.client, "open", { path: path.join(dir, "cut.stl") });
    expect(cut.isError).toBe(true);
    expect(cut.text).toMatch(/truncated binary STL/);
    expect((await call(server.client, "inspect_model", {})).isError).toBe(false);
  }, 120_000);
});
