import fs from "node:fs";
import path from "node:path";
import { drawnFraction, imageOf } from "../support/pixels.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, startClient, tempDir, type Started } from "./helpers.js";

// A planar (plane stress) plate through the built binary: mesh {method: "planar"}, set-up by edge names,
// solve, show_results, probe (points, near, set, forces) and a screenshot drawn in the plate's plane.

let server: Started;
let dir: string;

beforeAll(async () => {
  dir = tempDir("fc-mcp-planar-");
  fs.writeFileSync(
    path.join(dir, "plate.solidcraft"),
    JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Plate", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 40, 2] }] }] }),
  );
  server = await startClient([], dir);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("planar plate through fieldcraft-mcp", () => {
  test("mesh {method: planar}, set up by edges, solve, show_results, screenshot", async () => {
    expect((await call(server.client, "open", { path: path.join(dir, "plate.solidcraft") })).isError).toBe(false);
    const meshed = await call(server.client, "mesh", { method: "planar", params: { body: "Plate", element: "CPS4", size: 5 } });
    expect(meshed.isError, meshed.text).toBe(false);
    const edges: string[] = JSON.parse(meshed.text).result.mesh.edges;
    const edge = (face: string) => edges.find((e) => e.split("|").includes(face));
    const setup = [
      { command: "model.set.create", params: { name: "left", geometry: [{ body: "Plate", edge: edge("F1:-x") }] } },
      { command: "model.set.create", params: { name: "right", geometry: [{ body: "Plate", edge: edge("F1:+x") }] } },
      { command: "model.set.create", params: { name: "all", geometry: [{ body: "Plate" }] } },
      { command: "model.material.create", params: { name: "steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
      { command: "model.section.create", params: { name: "sec", set: "all", material: "steel", kind: { type: "plane_stress", thickness: 2 } } },
      { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "left" } } },
      { command: "model.load.create", params: { name: "pull", type: "force", vector: [800, 0, 0], target: { set: "right" } } },
      { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pull"] } },
    ];
    const batch = await call(server.client, "batch", { commands: setup });
    expect(batch.isError, batch.text).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "static", step: "Load" });
    expect(solved.isError, solved.text).toBe(false);
    const shown = await call(server.client, "show_results", { step: "Load", field: "s11" });
    expect(shown.isError, shown.text).toBe(false);
    // 800 N over 40 mm x 2 mm: 10 MPa along the plate away from the clamp; the clamp's corners concentrate it.
    expect(shown.text).toMatch(/s11/);
    // probe on the planar mesh: a point's values, the nearest node, a set's ids, forces summing to the load.
    const probed = await call(server.client, "probe", { points: [[50, 20, 0], [120, 20, 0]], near: [100, 0, 0], set: "right", limit: 1000, forces: true, nodes: [1] });
    expect(probed.isError, probed.text).toBe(false);
    const probe = JSON.parse(probed.text);
    expect(probe.points[0].element).toBeGreaterThan(0);
    expect(probe.points[0].values.s11).toBeCloseTo(10, 1);
    expect(probe.points[1]).toMatchObject({ outside: true, distance: 20 });
    expect(probe.near[0]).toMatchObject({ distance: 0, node: { coordinates: [100, 0, 0] } });
    const right: number[] = probe.set.nodes.ids;
    expect(probe.set.nodes.total).toBe(right.length);
    const loads = JSON.parse((await call(server.client, "probe", { nodes: right, forces: true })).text).forces;
    expect(loads.reduce((t: number, f: { force: number[] }) => t + f.force[0], 0)).toBeCloseTo(800, 6);
    const shot = await call(server.client, "screenshot", { width: 320, height: 200 });
    expect(shot.isError, shot.text).toBe(false);
    const png = imageOf(shot);
    const drawn = drawnFraction(png);
    // Face on, the plate fills much of the picture (measured 0.26; edge on it would be a thin line, under 0.05).
    expect(drawn).toBeGreaterThan(0.15);
    const description = JSON.parse(shot.content.find((b) => b.type === "text").text);
    expect(JSON.stringify(description)).toMatch(/"view":"top"/);
  }, 120_000);
});
