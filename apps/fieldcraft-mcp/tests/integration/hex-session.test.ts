import { drawnFraction, imageOf } from "../support/pixels.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// The seed's typical session on hexahedra through the built binary: `mesh {method: "hex"}` on the stepped
// block, the set-up batch, a solve and a screenshot whose pixels show the quadrilateral facets.

let server: SteppedBlockServer;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-hex-");
});

afterAll(async () => {
  await server?.close();
});

describe("hexahedra through the MCP server", () => {
  test("mesh {method: hex}, set up, solve, screenshot", async () => {
    expect((await call(server.client, "open", { path: server.design })).isError).toBe(false);
    const meshed = await call(server.client, "mesh", { method: "hex", params: { size: 5 } });
    expect(meshed.isError, meshed.text).toBe(false);
    expect(meshed.text).toContain("C3D20");
    expect(meshed.text).toContain("blocks");
    expect((await call(server.client, "batch", { commands: SETUP })).isError).toBe(false);
    const solved = await call(server.client, "solve", { analysis: "static", step: "Load" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    expect((await call(server.client, "show_results", { step: "Load", field: "displacement" })).isError).toBe(false);
    const shot = await call(server.client, "screenshot", { view: "iso", width: 320, height: 240 });
    expect(shot.isError, shot.text).toBe(false);
    const png = imageOf(shot);
    const drawn = drawnFraction(png);
    expect(drawn).toBeGreaterThan(0.05);
  }, 300_000);
});
