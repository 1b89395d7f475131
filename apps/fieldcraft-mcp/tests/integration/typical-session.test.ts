import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { datDisplacement, findCcx, runCcx } from "./ccx.js";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// The seed's typical session on the stepped block, through the built binary and the SDK Client only.

let server: SteppedBlockServer;
let design: string;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-session-");
  design = server.design;
});

afterAll(async () => {
  await server?.close();
});

describe("the seed's typical session", () => {
  let maxNode: number;
  let maxValue: number;
  let tipDisplacement: [number, number, number];

  test("open the design", async () => {
    const opened = await call(server.client, "open", { path: design });
    expect(opened.isError, opened.text).toBe(false);
    expect(opened.json.bodies.map((b: { name: string }) => b.name)).toEqual(["Steps"]);
  });

  test("inspect_model lists the body's persistent face names", async () => {
    const inspected = await call(server.client, "inspect_model");
    expect(inspected.isError, inspected.text).toBe(false);
    const steps = inspected.json.bodies.find((b: { name: string }) => b.name === "Steps");
    const faces = steps.faces.map((f: { name: string }) => f.name);
    const measures = JSON.parse(fs.readFileSync(path.join(server.dir, "stepped-block", "measures.json"), "utf8"));
    expect(faces.sort()).toEqual(Object.keys(measures.bodies.Steps.faces).sort());
  });

  test("mesh with tet replies with the mesher's result, model.info and mesh.quality", async () => {
    const meshed = await call(server.client, "mesh", { method: "tet", params: { body: "Steps", tolerance: 0.5 } });
    expect(meshed.isError, meshed.text).toBe(false);
    const listed = await call(server.client, "list_commands", { filter: "mesh.quality" });
    const hasQuality = listed.json.commands.some((c: { id: string }) => c.id === "mesh.quality");
    expect(meshed.json.method).toBe("tet");
    expect(meshed.json.info.counts.nodes).toBeGreaterThan(8);
    expect(meshed.json.info.counts.elements).toBeGreaterThan(0);
    // The quality report is part of the reply once the engine has mesh.quality.
    if (hasQuality) expect(meshed.json.quality).toBeDefined();
    expect(meshed.json.quality?.error).toBeUndefined();
  });

  test("the seed's batch set-up runs every step", async () => {
    const batch = await call(server.client, "batch", { commands: SETUP });
    expect(batch.isError, batch.text).toBe(false);
    expect(batch.json).toMatchObject({ ok: true, completed: SETUP.length, total: SETUP.length });
    expect(batch.json.results.map((r: { command: string }) => r.command)).toEqual(SETUP.map((s) => s.command));
  });

  test("check_model finds nothing missing before the solve", async () => {
    const checked = await call(server.client, "check_model");
    expect(checked.isError, checked.text).toBe(false);
    expect(checked.json.errors ?? []).toEqual([]);
  });

  test("solve static, reporting progress while it runs", async () => {
    const progress: { progress: number; message?: string }[] = [];
    const solved = (await server.client.callTool({ name: "solve", arguments: { analysis: "static", step: "Load" } }, undefined, {
      timeout: 300_000,
      onprogress: (p) => progress.push(p),
    })) as { isError?: boolean; content: { text: string }[] };
    expect(solved.isError ?? false, solved.content[0].text).toBe(false);
    expect(progress.length).toBeGreaterThan(0);
    for (let i = 1; i < progress.length; i++) expect(progress[i].progress).toBeGreaterThan(progress[i - 1].progress);
    expect(progress[0].message).toContain("Load");
  }, 300_000);

  test("show_results gives the displacement range with its node", async () => {
    const shown = await call(server.client, "show_results", { step: "Load", field: "displacement" });
    expect(shown.isError, shown.text).toBe(false);
    const { contour } = shown.json;
    expect(contour.field).toBe("displacement");
    maxNode = contour.range.max.node;
    maxValue = contour.range.max.value;
    expect(Number.isInteger(maxNode)).toBe(true);
    expect(contour.range.min.value).toBeGreaterThanOrEqual(0);
    // Independent check: the stepped cantilever by beam theory (E I piecewise, 1000 N at x = 100):
    // delta = P/E * [(L^3 - a^3)/3 / I1 + a^3/3 / I2], I1 = 20*20^3/12 (x < 50), I2 = 20*10^3/12 (x > 50), a = 50.
    const I1 = (20 * 20 ** 3) / 12;
    const I2 = (20 * 10 ** 3) / 12;
    const beam = (1000 / 210000) * ((100 ** 3 - 50 ** 3) / 3 / I1 + 50 ** 3 / 3 / I2);
    // The clamp holds only the lower half of the root and linear tets are stiff: same order, not equal.
    expect(maxValue).toBeGreaterThan(0.4 * beam);
    expect(maxValue).toBeLessThan(3 * beam);
  });

  test("probe at the node of the largest displacement agrees, and the node is at the loaded tip", async () => {
    const probed = await call(server.client, "probe", { step: "Load", nodes: [maxNode] });
    expect(probed.isError, probed.text).toBe(false);
    const node = probed.json.nodes[0];
    const { u1, u2, u3 } = node.displacement;
    expect(Math.hypot(u1, u2, u3)).toBeCloseTo(maxValue, 9);
    expect(u3).toBeLessThan(0);
    expect(node.coordinates[0]).toBeCloseTo(100, 6);
    tipDisplacement = [u1, u2, u3];
  });

  test("CalculiX on the deck write_deck wrote gives the same displacement at that node", async (context) => {
    const ccx = findCcx();
    if (ccx === null) return context.skip("ccx is not installed");
    const deckPath = path.join(server.dir, "job.inp");
    const written = await call(server.client, "write_deck", { format: "abaqus", path: deckPath });
    expect(written.isError, written.text).toBe(false);
    const dat = runCcx(ccx, server.dir, "job");
    const fromCcx = datDisplacement(dat, maxNode);
    const scale = Math.hypot(...tipDisplacement);
    for (let i = 0; i < 3; i++) expect(Math.abs(fromCcx[i] - tipDisplacement[i]) / scale).toBeLessThan(1e-5);
  }, 300_000);

  test("reactions balance the applied load", async () => {
    const reactions = await call(server.client, "reactions", { step: "Load" });
    expect(reactions.isError, reactions.text).toBe(false);
    expect(reactions.json.total.force[2]).toBeCloseTo(1000, 3);
  });

  test("undo takes the solve back, redo applies it again", async () => {
    const undone = await call(server.client, "undo");
    expect(undone.isError, undone.text).toBe(false);
    const before = await call(server.client, "show_results", { step: "Load" });
    expect(before.isError).toBe(true);
    const redone = await call(server.client, "redo");
    expect(redone.isError, redone.text).toBe(false);
    const after = await call(server.client, "show_results", { step: "Load" });
    expect(after.json.contour.range.max.value).toBe(maxValue);
  });

  test("the resources read the model and the catalogue", async () => {
    const model = await server.client.readResource({ uri: "fieldcraft://model" });
    expect(JSON.parse((model.contents[0] as { text: string }).text).counts.steps).toBe(1);
    const commands = await server.client.readResource({ uri: "fieldcraft://commands" });
    const ids = JSON.parse((commands.contents[0] as { text: string }).text).commands.map((c: { id: string }) => c.id);
    expect(ids).toContain("solve.static");
  });
});
