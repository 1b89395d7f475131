import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// The seed's tools end to end through the built binary for the frequency and heat analyses.

let server: SteppedBlockServer;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-freq-");
});

afterAll(async () => {
  await server?.close();
});

describe("frequency and heat through the MCP tools", () => {
  test("a frequency step, solve {analysis: frequency}, show_results {mode: 2} and a screenshot of that mode", async () => {
    expect((await call(server.client, "open", { path: server.design })).isError).toBe(false);
    expect((await call(server.client, "mesh", { method: "tet", params: { body: "Steps", size: 10 } })).isError).toBe(false);
    expect((await call(server.client, "batch", { commands: SETUP })).isError).toBe(false);
    const step = await call(server.client, "execute", {
      command: "model.step.create",
      params: { name: "Modes", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] },
    });
    expect(step.isError, step.text).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "frequency", step: "Modes" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const shown = await call(server.client, "show_results", { step: "Modes", mode: 2 });
    expect(shown.isError, shown.text).toBe(false);
    const reply = JSON.parse(shown.text);
    expect(reply.contour.mode).toBe(2);
    expect(reply.modes.modes).toHaveLength(3);
    expect(reply.contour.frequency_hz).toBeCloseTo(reply.modes.modes[1].frequency_hz, 9);
    const shot = await call(server.client, "screenshot", { width: 160, height: 120 });
    expect(shot.isError, shot.text).toBe(false);
    const png = PNG.sync.read(Buffer.from(shot.content.find((b) => b.type === "image").data, "base64"));
    expect([png.width, png.height]).toEqual([160, 120]);
  }, 300_000);

  test("a heat step, solve {analysis: heat}, show_results {field: temperature}", async () => {
    // A fresh model whose material conducts: the seed's set-up with a conductivity on its material.
    const reopened = await call(server.client, "execute", { command: "geometry.open", params: { path: server.design, model: "new" } });
    expect(reopened.isError, reopened.text).toBe(false);
    expect((await call(server.client, "mesh", { method: "tet", params: { body: "Steps", size: 10 } })).isError).toBe(false);
    const setup = SETUP.map((c) => (c.command === "model.material.create" ? { ...c, params: { ...c.params, conductivity: 0.05 } } : c));
    expect((await call(server.client, "batch", { commands: setup })).isError).toBe(false);
    for (const [command, params] of [
      ["model.boundary_condition.create", { name: "cold", type: "temperature", target: { set: "root" }, value: 20 }],
      ["model.load.create", { name: "in", type: "heat_flux", target: { set: "tip" }, value: 0.01 }],
      ["model.step.create", { name: "Heat", procedure: { type: "heat", steady: true }, boundary_conditions: ["cold"], loads: ["in"] }],
    ] as const) {
      const out = await call(server.client, "execute", { command, params });
      expect(out.isError, out.text).toBe(false);
    }
    const solved = await call(server.client, "solve", { analysis: "heat", step: "Heat" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const shown = await call(server.client, "show_results", { step: "Heat", field: "temperature" });
    expect(shown.isError, shown.text).toBe(false);
    const range = JSON.parse(shown.text).contour.range;
    expect(range.min.value).toBeCloseTo(20, 6);
    expect(range.max.value).toBeGreaterThan(20);
  }, 300_000);
});
