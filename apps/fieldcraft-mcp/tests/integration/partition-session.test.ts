import fs from "node:fs";
import path from "node:path";
import { drawnFraction, imageOf } from "../support/pixels.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, startClient, tempDir, type Started } from "./helpers.js";

// The seed's "Partition, mesh half, mirror" sequence through the built binary on the crank arm of the
// `crank-mirror` sample: datum, partition, inspect_model listing the cells, mesh cells (merged), mesh the half in
// hexahedra and mirror it, set up by face names (reaching both halves), solve, screenshot; then the sample itself
// gives the same answer.

const CRANK = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    {
      name: "Crank",
      features: [
        { id: "Boss1", type: "box", min: [0, -20, 0], max: [40, 20, 20] },
        { id: "Web", type: "box", min: [40, -10, 5], max: [120, 10, 15] },
        { id: "Boss2", type: "box", min: [120, -15, 0], max: [150, 15, 20] },
      ],
    },
  ],
};

const SETUP = [
  { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
  { command: "model.set.create", params: { name: "all", geometry: [{ body: "Crank" }] } },
  { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
  { command: "model.set.create", params: { name: "spindle", geometry: [{ body: "Crank", face: "Boss1:-x" }] } },
  { command: "model.set.create", params: { name: "pedal", geometry: [{ body: "Crank", face: "Boss2:+x" }] } },
  { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "spindle" } } },
  { command: "model.load.create", params: { name: "pedal-load", type: "force", target: { set: "pedal" }, vector: [0, 0, -2000] } },
  { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["pedal-load"] } },
];

let server: Started;
let dir: string;

beforeAll(async () => {
  dir = tempDir("fc-mcp-partition-");
  fs.writeFileSync(path.join(dir, "crank.solidcraft"), JSON.stringify(CRANK));
  server = await startClient([], dir);
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const json = (text: string) => JSON.parse(text);

describe("partition, mesh half, mirror through the MCP server", () => {
  test("the seed's sequence on the crank arm, and the crank-mirror sample agreeing with it", async () => {
    const c = server.client;
    expect((await call(c, "open", { path: path.join(dir, "crank.solidcraft") })).isError).toBe(false);
    const datum = await call(c, "execute", { command: "geometry.datum", params: { name: "sym", by: { type: "offset", plane: "zx", offset: 0 } } });
    expect(datum.isError, datum.text).toBe(false);
    const cut = await call(c, "execute", { command: "geometry.partition", params: { name: "half", datum: "sym" } });
    expect(cut.isError, cut.text).toBe(false);
    const inspected = json((await call(c, "inspect_model")).text);
    expect(inspected.bodies.map((b: { name: string }) => b.name)).toEqual(["Crank/a", "Crank/b"]);
    expect(inspected.info.partitions).toEqual([{ name: "half", datum: "sym", cut: ["Crank"], stale: false }]);
    expect(inspected.info.datums[0]).toMatchObject({ name: "sym", kind: "plane", normal: [0, 1, 0] });

    const cells = await call(c, "mesh", { method: "cells", params: { default: "hex", size: 5 } });
    expect(cells.isError, cells.text).toBe(false);
    expect(json(cells.text).result.mesh.interfaces).toEqual([expect.objectContaining({ partition: "half", kind: "merged" })]);
    const wholeNodes = json(cells.text).result.mesh.nodes;

    expect((await call(c, "mesh", { method: "hex", params: { body: "Crank/b", size: 5 } })).isError).toBe(false);
    const mirrored = await call(c, "mesh", { method: "mirror", params: { plane: "sym", bodies: ["Crank/b"] } });
    expect(mirrored.isError, mirrored.text).toBe(false);
    expect(json(mirrored.text).result).toMatchObject({ into: { "Crank/b": "Crank/a" }, nodes: wholeNodes });

    const setup = await call(c, "batch", { commands: SETUP });
    expect(setup.isError, setup.text).toBe(false);
    const solved = await call(c, "solve", { analysis: "static", step: "Load" }, 300_000);
    expect(solved.isError, solved.text).toBe(false);
    const reactions = json((await call(c, "execute", { command: "results.reactions", params: { sets: ["spindle"] } })).text);
    // Both halves of the clamped face hold the whole load.
    expect(reactions.sets[0].force[2]).toBeCloseTo(2000, 6);
    const probe = json((await call(c, "execute", { command: "solve.probe", params: {} })).text);
    const shot = await call(c, "screenshot", { view: "iso", width: 320, height: 240 });
    expect(shot.isError, shot.text).toBe(false);
    const png = imageOf(shot);
    const drawn = drawnFraction(png);
    expect(drawn).toBeGreaterThan(0.05);
    // Asked, the datum planes are drawn too (tests/partition/datum-picture.test.ts checks the pixels).
    const withDatums = await call(c, "screenshot", { view: "iso", width: 320, height: 240, datums: true });
    expect(withDatums.isError, withDatums.text).toBe(false);
    expect(withDatums.text).toMatch(/"datums":\["sym"\]/);

    // The sample is the same model built in one step.
    expect((await call(c, "execute", { command: "file.sample", params: { name: "crank-mirror" } })).isError).toBe(false);
    expect((await call(c, "solve", { analysis: "static", step: "Load" }, 300_000)).isError).toBe(false);
    const sampleProbe = json((await call(c, "execute", { command: "solve.probe", params: {} })).text);
    const ours = probe.nodes[0].displacement as Record<string, number>;
    expect(Math.abs(ours.u3)).toBeGreaterThan(0.01);
    expect(sampleProbe.nodes[0].displacement).toEqual(Object.fromEntries(Object.entries(ours).map(([k, v]) => [k, expect.closeTo(v, 9)])));
  }, 300_000);
});
