import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// Explicit dynamics end to end through the built binary: the seed's set-up by `batch`, an explicit step with a
// smoothly applied load, solve {analysis: explicit}, show_results {frame}, probe {time, elements} and pictures
// of three frames.

let server: SteppedBlockServer;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-explicit-");
});

afterAll(async () => {
  await server?.close();
});

describe("explicit dynamics through the MCP tools", () => {
  test("batch set-up, solve {analysis: explicit}, show_results {frame}, probe {time, elements}, three frames pictured", async () => {
    expect((await call(server.client, "open", { path: server.design })).isError).toBe(false);
    expect((await call(server.client, "mesh", { method: "tet", params: { body: "Steps", size: 10, order: 1 } })).isError).toBe(false);
    const setup = [
      ...SETUP,
      { command: "model.amplitude.create", params: { name: "ramp", smooth_step: { t0: 0, t1: 2e-4 } } },
      { command: "model.load.create", params: { name: "slam", type: "force", target: { set: "tip" }, vector: [0, 0, -1000], amplitude: "ramp" } },
      { command: "model.step.create", params: { name: "Impact", procedure: { type: "explicit", duration: 5e-4, frames: 10 }, boundary_conditions: ["clamp"], loads: ["slam"] } },
    ];
    const batch = await call(server.client, "batch", { commands: setup });
    expect(batch.isError, batch.text).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "explicit", step: "Impact" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const step = JSON.parse(solved.text).steps[0];
    expect(step.frames).toBe(11);
    expect(step.time_step).toBeGreaterThan(0);
    expect(step.time_step).toBeLessThanOrEqual(step.stable_time_step);

    const pictures: Buffer[] = [];
    for (const frame of [2, 5, 10]) {
      const shown = await call(server.client, "show_results", { step: "Impact", field: "displacement", frame });
      expect(shown.isError, shown.text).toBe(false);
      const reply = JSON.parse(shown.text);
      expect(reply.contour.frame).toBe(frame);
      expect(reply.frames.frames).toHaveLength(11);
      expect(reply.contour.time).toBeCloseTo(reply.frames.frames[frame].time, 15);
      const shot = await call(server.client, "screenshot", { width: 160, height: 120 });
      expect(shot.isError, shot.text).toBe(false);
      const png = Buffer.from(shot.content.find((b) => b.type === "image").data, "base64");
      const decoded = PNG.sync.read(png);
      expect([decoded.width, decoded.height]).toEqual([160, 120]);
      // The picture says which frame it draws.
      expect(shot.text).toContain(`"step":"Impact"`);
      pictures.push(png);
    }
    // The tip moves between the frames, so the three pictures differ.
    expect(pictures[0].equals(pictures[1])).toBe(false);
    expect(pictures[1].equals(pictures[2])).toBe(false);

    const probed = await call(server.client, "probe", { step: "Impact", time: 2.6e-4, elements: [1, 2] });
    expect(probed.isError, probed.text).toBe(false);
    const p = JSON.parse(probed.text);
    expect(p.frame).toBe(5);
    expect(p.elements).toHaveLength(2);
    expect(p.elements[0].stress_points).toHaveLength(1);
    expect(Number.isFinite(p.elements[0].von_mises)).toBe(true);

    const bad = await call(server.client, "show_results", { step: "Impact", frame: 99 });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/frames 0\.\.10/);
  }, 300_000);
});
