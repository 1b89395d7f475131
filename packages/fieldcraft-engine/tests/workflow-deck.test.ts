// deck.write checked against CalculiX: the deck of a solved model, run by ccx, gives the same nodal
// displacements (relative difference below 1e-6) and the same reaction totals.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { findCcx, parseDat, runCcx } from "./support/ccx.js";
import { ok } from "./session-helpers.js";

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-deck-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(findCcx() === null)("deck.write against CalculiX", () => {
  it("matches ccx on the stepped block: force step and a pressure + prescribed displacement step", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    await ok(s, "mesh.tet.generate", { size: 10, order: 2 });
    await ok(s, "model.set.create", { name: "top", geometry: [{ body: "Steps", face: "F2:+z" }] });
    await ok(s, "model.boundary_condition.create", { name: "lift", type: "displacement", target: { set: "tip" }, components: { u3: 0.01 } });
    await ok(s, "model.load.create", { name: "press", type: "pressure", target: { set: "top" }, magnitude: 2.5 });
    await ok(s, "model.step.create", { name: "Press", procedure: { type: "static" }, boundary_conditions: ["clamp", "lift"], loads: ["press"] });
    await ok(s, "solve.static", { tolerance: 1e-12 });

    for (const step of ["Load", "Press"]) {
      const file = path.join(dir, `${step}.inp`);
      const written = await ok(s, "deck.write", { format: "abaqus", path: file, steps: [step] });
      expect(written.steps).toEqual([step]);
      const run = await runCcx(await fs.readFile(file, "utf8"), { timeoutMs: 300_000 });
      const dat = parseDat(run.dat);
      const ccxU = dat.displacements.get("FC_ALL_NODES")!;
      const ours = (s.model().results[step].solution as { displacement: Float64Array }).displacement;
      let maxU = 0;
      let maxDiff = 0;
      expect(ccxU.size).toBe(ours.length / 3);
      for (const [id, u] of ccxU) {
        for (let c = 0; c < 3; c++) {
          maxU = Math.max(maxU, Math.abs(ours[3 * (id - 1) + c]));
          maxDiff = Math.max(maxDiff, Math.abs(ours[3 * (id - 1) + c] - u[c]));
        }
      }
      expect(maxU).toBeGreaterThan(1e-4);
      expect(maxDiff / maxU).toBeLessThan(1e-6);

      const reactions = await ok(s, "results.reactions", { step, sets: ["root"] });
      const ccxRoot = dat.totals.get("ROOT")!;
      const rootForce: number[] = reactions.sets[0].force;
      const scale = Math.max(...rootForce.map(Math.abs));
      for (let c = 0; c < 3; c++) expect(Math.abs(rootForce[c] - ccxRoot[c]) / scale).toBeLessThan(1e-5);
    }
  });
});

describe("deck.write", () => {
  it("writes every format of its catalogue enum atomically, and refuses a deck path FileAccess refuses", async () => {
    const s = createSession({
      fileAccess: {
        checkRead: (p) => ({ ok: true, path: path.resolve(p) }),
        checkWrite: (p) => (path.resolve(p).startsWith(dir + path.sep) ? { ok: true, path: path.resolve(p) } : { ok: false, error: `outside the write root ${dir}: ${p}` }),
      },
    });
    await ok(s, "file.sample", { name: "stepped-block" });
    const info = s.catalogue().find((c) => c.id === "deck.write")!;
    const formats: string[] = (info.schema as { properties: { format: { enum: string[] } } }).properties.format.enum;
    expect(formats).toContain("abaqus");
    const sub = await fs.mkdtemp(path.join(dir, "formats-"));
    for (const format of formats) {
      const file = path.join(sub, `deck-${format}`);
      const out = await ok(s, "deck.write", { format, path: file });
      expect(out).toMatchObject({ path: file, format, steps: ["Load"] });
      expect((await fs.stat(file)).size).toBe(out.bytes);
    }
    expect((await fs.readdir(sub)).sort()).toEqual(formats.map((f) => `deck-${f}`).sort());
    const before = s.digest();
    const outside = path.join(os.tmpdir(), "fieldcraft-never.inp");
    const refused = await s.execute("deck.write", { format: "abaqus", path: outside });
    expect(refused).toEqual({ ok: false, error: `deck.write: params.path: outside the write root ${dir}: ${outside}`, details: { path: outside } });
    await expect(fs.stat(outside)).rejects.toThrow();
    expect(s.digest()).toBe(before);
  });
});
