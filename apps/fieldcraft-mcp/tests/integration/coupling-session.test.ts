import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// Reference points through the built binary: the seed's set-up, a point coupled to the tip and twisted, the solve's
// reply with the point's rotation, inspect_model listing the point, and a frequency solve refused naming the coupling.

let server: SteppedBlockServer;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-coupling-");
});

afterAll(async () => {
  await server?.close();
});

describe("reference points and couplings through the MCP server", () => {
  test("point, coupling, torque, solve; a frequency step refuses the coupling", async () => {
    expect((await call(server.client, "open", { path: server.design })).isError).toBe(false);
    expect((await call(server.client, "mesh", { method: "hex", params: { size: 5 } })).isError).toBe(false);
    expect((await call(server.client, "batch", { commands: SETUP })).isError).toBe(false);
    const setup = await call(server.client, "batch", {
      commands: [
        { command: "model.reference_point.create", params: { name: "RP", point: [100, 5, 5] } },
        { command: "model.coupling.create", params: { name: "grip", type: "kinematic", reference_point: "RP", set: "tip" } },
        { command: "model.reference_point.load", params: { name: "torque", reference_point: "RP", moment: [10000, 0, 0] } },
        { command: "model.step.create", params: { name: "Twist", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["torque"] } },
      ],
    });
    expect(setup.isError, setup.text).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "static", step: "Twist" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const reply = JSON.parse(solved.text);
    const point = reply.steps[0].reference_points[0];
    expect(point.name).toBe("RP");
    expect(point.rotation[0]).toBeGreaterThan(0);
    const inspected = await call(server.client, "inspect_model", {});
    expect(inspected.text).toContain("\"grip\"");
    await call(server.client, "execute", { command: "model.step.create", params: { name: "Modes", procedure: { type: "frequency", modes: 2 }, boundary_conditions: ["clamp"] } });
    const modes = await call(server.client, "solve", { analysis: "frequency", step: "Modes" }, 300_000);
    expect(modes.isError).toBe(true);
    expect(modes.text).toMatch(/couplings are supported in static steps only: the model's coupling `grip`/);
  }, 300_000);
});
