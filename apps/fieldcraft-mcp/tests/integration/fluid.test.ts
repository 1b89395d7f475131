import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, startClient, tempDir, type Started } from "./helpers.js";

// Steady flow end to end through the built binary: a duct from a .solidcraft extrusion, a fluid material and
// section, velocity / wall / outlet conditions, solve {analysis: "fluid"}, probe {points}, show_results
// {field: "velocity"} and a screenshot.

let server: Started;
let dir: string;
let design: string;

beforeAll(async () => {
  dir = tempDir("fc-mcp-fluid-");
  design = path.join(dir, "duct.solidcraft");
  fs.writeFileSync(
    design,
    JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Duct", features: [{ id: "F1", type: "extrude", plane: "xy", profile: [[0, 0], [10, 0], [10, 10], [0, 10]], from: 0, to: 40 }] }] }),
  );
  server = await startClient([], dir);
});

afterAll(async () => {
  await server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const SETUP = [
  { command: "model.set.create", params: { name: "fluid", geometry: [{ body: "Duct" }] } },
  { command: "model.set.create", params: { name: "inlet", geometry: [{ body: "Duct", face: "F1:start" }] } },
  { command: "model.set.create", params: { name: "outlet", geometry: [{ body: "Duct", face: "F1:end" }] } },
  { command: "model.set.create", params: { name: "walls", geometry: [1, 2, 3, 4].map((k) => ({ body: "Duct", face: `F1:side:${k}` })) } },
  { command: "model.material.create", params: { name: "Water", fluid: { density: 1e-9, viscosity: 1e-9 } } },
  { command: "model.section.create", params: { name: "water", set: "fluid", material: "Water", kind: { type: "fluid" } } },
  { command: "model.boundary_condition.create", params: { name: "in", type: "velocity", target: { set: "inlet" }, vector: [0, 0, 2], profile: "parabolic" } },
  { command: "model.boundary_condition.create", params: { name: "noslip", type: "wall", target: { set: "walls" } } },
  { command: "model.boundary_condition.create", params: { name: "out", type: "outlet", target: { set: "outlet" }, pressure: 0 } },
  { command: "model.step.create", params: { name: "Flow", procedure: { type: "fluid" }, boundary_conditions: ["in", "noslip", "out"] } },
];

describe("fluid through the MCP tools", () => {
  test("duct: open, mesh, set-up, solve {analysis: fluid}, probe {points}, show_results {field: velocity}, screenshot", async () => {
    expect((await call(server.client, "open", { path: design })).isError).toBe(false);
    const meshed = await call(server.client, "mesh", { method: "tet", params: { body: "Duct", size: 5, order: 2 } });
    expect(meshed.isError, meshed.text).toBe(false);
    const setup = await call(server.client, "batch", { commands: SETUP });
    expect(setup.isError, setup.text).toBe(false);

    const solved = await call(server.client, "solve", { analysis: "fluid", step: "Flow" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const step = JSON.parse(solved.text).steps[0];
    // Re = rho U D_h / mu with U the mean inlet velocity (about 2 * 4/9 mm/s) and D_h = 10 mm.
    expect(step.reynolds.length).toBeCloseTo(10, 9);
    expect(step.reynolds.value).toBeGreaterThan(7);
    expect(step.reynolds.value).toBeLessThan(10);
    expect(step.mass.imbalance).toBeLessThan(1e-7);

    const probed = await call(server.client, "probe", { points: [[5, 5, 20], [1, 1, 20]] });
    expect(probed.isError, probed.text).toBe(false);
    const [centre, corner] = JSON.parse(probed.text).points;
    expect(centre.velocity[2]).toBeGreaterThan(corner.velocity[2]);
    expect(centre.values).toHaveProperty("pressure");
    const outside = await call(server.client, "probe", { points: [[5, 5, 41]], near: [5, 5, 41] });
    expect(outside.isError, outside.text).toBe(false);
    const answer = JSON.parse(outside.text);
    // Outside: no values, the nearest node named; `near` finds the same node at the same distance.
    expect(answer.points[0]).toMatchObject({ point: [5, 5, 41], outside: true });
    expect(answer.points[0].nearest_node).toBe(answer.near[0].node.node);
    expect(answer.points[0].distance).toBe(answer.near[0].distance);
    expect(answer.near[0].node).toHaveProperty("pressure");

    const shown = await call(server.client, "show_results", { step: "Flow", field: "velocity" });
    expect(shown.isError, shown.text).toBe(false);
    const contour = JSON.parse(shown.text).contour;
    expect(contour.unit).toBe("mm/s");
    // Fully developed flow in a square duct peaks at about 2.1 times the mean velocity (about 0.89 mm/s here).
    expect(contour.range.max.value).toBeGreaterThan(1.5);
    expect(contour.range.max.value).toBeLessThan(2.2);

    const shot = await call(server.client, "screenshot", { width: 160, height: 120 });
    expect(shot.isError, shot.text).toBe(false);
    const png = PNG.sync.read(Buffer.from(shot.content.find((b) => b.type === "image").data, "base64"));
    expect([png.width, png.height]).toEqual([160, 120]);
    // The velocity picture carries the flow's arrows, drawn in a violet no contour band takes.
    let violet = 0;
    for (let i = 0; i < png.data.length; i += 4) if (png.data[i] === 150 && png.data[i + 1] === 0 && png.data[i + 2] === 190) violet++;
    expect(violet).toBeGreaterThan(10);
  }, 300_000);
});
