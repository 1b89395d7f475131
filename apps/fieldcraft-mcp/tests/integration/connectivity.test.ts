import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, startClient, tempDir, type Started } from "./helpers.js";

// Two boxes touching nowhere, each clamped at its base: check_model names both as pieces that share no node, and
// solve refuses with the same words before any assembly (issue 29: a split model never solves silently).

const DESIGN = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    { name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] },
    { name: "Post", features: [{ id: "F1", type: "box", min: [0, 30, 0], max: [10, 40, 50] }] },
  ],
};

const SETUP = [
  { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
  { command: "model.set.create", params: { name: "all", geometry: [{ body: "Beam" }, { body: "Post" }] } },
  { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
  { command: "model.set.create", params: { name: "bases", geometry: [{ body: "Beam", face: "F1:-x" }, { body: "Post", face: "F1:-z" }] } },
  { command: "model.set.create", params: { name: "tip", geometry: [{ body: "Beam", face: "F1:+x" }] } },
  { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "bases" } } },
  { command: "model.load.create", params: { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -100] } },
  { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] } },
];

let server: Started;
let dir: string;

beforeAll(async () => {
  dir = tempDir("fc-mcp-connectivity-");
  fs.writeFileSync(path.join(dir, "apart.solidcraft"), JSON.stringify(DESIGN));
  server = await startClient([], dir);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("connectivity through the MCP server", () => {
  test("two bodies touching nowhere: check_model errs and solve refuses, naming both", async () => {
    const c = server.client;
    expect((await call(c, "open", { path: path.join(dir, "apart.solidcraft") })).isError).toBe(false);
    const meshed = await call(c, "mesh", { method: "hex_blocks", params: { size: 5, order: 1 } });
    expect(meshed.isError, meshed.text).toBe(false);
    const setup = await call(c, "batch", { commands: SETUP });
    expect(setup.isError, setup.text).toBe(false);
    const checked = await call(c, "check_model");
    expect(checked.isError, checked.text).toBe(false);
    const split = checked.json.errors.find((e: { item: string }) => e.item === "mesh");
    expect(split.message).toMatch(/^pieces "Beam" and "Post" share no node and no tie, so step Load cannot carry anything between them/);
    const solved = await call(c, "solve", { analysis: "static", step: "Load" });
    expect(solved.isError).toBe(true);
    expect(solved.text).toContain(split.message);
  });
});
