// Results saved in `.fieldcraft` files: deflated arrays that reopen bit for bit and serve results commands
// without solving; files whose results no longer fit their model open without them.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { deflateSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { decodeResults, encodeResults } from "../src/files/results-file.js";

let dir: string;
let solved: Session;
let file: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-results-"));
  solved = createSession();
  await ok(solved, "file.sample", { name: "stepped-block" });
  await ok(solved, "solve.static");
  file = path.join(dir, "solved.fieldcraft");
  await ok(solved, "file.save_as", { path: file });
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function variant(name: string, edit: (json: any) => void): Promise<string> {
  const json = JSON.parse(await fs.readFile(file, "utf8"));
  edit(json);
  const p = path.join(dir, name);
  await fs.writeFile(p, JSON.stringify(json));
  return p;
}

describe("results in .fieldcraft files", () => {
  it("stores each result array deflated, holding exactly the solver's values", async () => {
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    expect(json.format).toBe("fieldcraft/2");
    expect(json.results_saved).toBe(true);
    expect(json.results.encoding).toBe("f64le-zlib-base64");
    const [stored] = json.results.steps;
    const result = solved.model().results[stored.step] as any;
    const bytes = inflateSync(Buffer.from(stored.solution.displacement.data, "base64"));
    expect(Buffer.from(stored.solution.displacement.data, "base64")[0]).toBe(0x78); // zlib header
    const read = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    expect(read).toEqual(result.solution.displacement);
    const mises = inflateSync(Buffer.from(stored.solution.mises.data, "base64"));
    expect(new Float64Array(mises.buffer.slice(mises.byteOffset, mises.byteOffset + mises.byteLength))).toEqual(result.solution.mises);
    expect(stored.stats.iterations).toBe(result.solution.stats.iterations);
  });

  it("reopens solved: the same model digest, and contour, probe and reactions answer without solve.static", async () => {
    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings).toEqual([]);
    expect(t.digest()).toBe(solved.digest());
    for (const [command, params] of [
      ["results.contour", { field: "von_mises" }],
      ["results.contour", { field: "displacement" }],
      ["solve.probe", {}],
      ["solve.probe", { nodes: [1, 5, 9] }],
      ["results.reactions", { sets: ["root"] }],
    ] as const) {
      expect(await ok(t, command, params), command).toEqual(await ok(solved, command, params));
    }
    // Results came from the file: the history holds only the open.
    await ok(t, "edit.undo");
    expect(Object.keys(t.model().results)).toEqual([]);
  });

  it("still opens version 1 files (no results)", async () => {
    const v1 = await variant("v1.fieldcraft", (json) => {
      json.format = "fieldcraft/1";
      delete json.results;
      delete json.results_saved;
    });
    const t = createSession();
    expect((await ok(t, "file.open", { path: v1 })).warnings).toEqual([]);
    expect(Object.keys(t.model().results)).toEqual([]);
    expect((await refused(t, "results.contour", {})).error).toMatch(/needs results: run solve.static first/);
  });

  it("opens without results that no longer match the definitions or mesh, saying why", async () => {
    const edited = await variant("edited-load.fieldcraft", (json) => {
      json.definitions.loads[0].vector = [0, 0, -2000];
    });
    const t = createSession();
    const opened = await ok(t, "file.open", { path: edited });
    expect(opened.warnings).toEqual([expect.stringMatching(/the saved results were not opened \(they were computed from another mesh or other definitions\); solve again/)]);
    expect(Object.keys(t.model().results)).toEqual([]);
    expect(t.model().definitions.loads[0]).toMatchObject({ vector: [0, 0, -2000] });
  });

  it("refuses hostile result arrays (too long when inflated, not deflate data, unknown steps) as warnings", async () => {
    const nodes = solved.model().mesh!.mesh.nodes.length / 3;
    const cases: [string, (json: any) => void, RegExp][] = [
      ["bomb", (j) => (j.results.steps[0].solution.mises.data = deflateSync(Buffer.alloc(nodes * 8 * 1000)).toString("base64")), /mises: holds more than its \d+ values/],
      ["short", (j) => (j.results.steps[0].solution.stress.data = deflateSync(Buffer.alloc(16)).toString("base64")), /stress: holds 2 values, not \d+/],
      ["junk", (j) => (j.results.steps[0].solution.reaction.data = "AAAA"), /reaction: is not zlib-compressed data/],
      ["nan", (j) => (j.results.steps[0].solution.mises.data = deflateSync(Buffer.from(new Float64Array(nodes).fill(NaN).buffer)).toString("base64")), /mises: a value is not a finite number/],
      ["step", (j) => (j.results.steps[0].step = "Nope"), /step Nope does not exist/],
      ["missing", (j) => delete j.results.steps[0].solution.stress, /step Load: stress is missing/],
      ["width", (j) => (j.results.steps[0].solution.mises.length = 2), /step Load: mises holds 2 values, the mesh needs \d+/],
      ["huge", (j) => (j.results.steps[0].solution.extra = { length: 1e12, data: "" }), /step Load: extra: 1000000000000 values are more than a result of this mesh can have/],
    ];
    for (const [name, edit, message] of cases) {
      const t = createSession();
      const opened = await ok(t, "file.open", { path: await variant(`${name}.fieldcraft`, edit) });
      expect(opened.warnings, name).toEqual([expect.stringMatching(message)]);
      expect(Object.keys(t.model().results), name).toEqual([]);
      expect(t.model().mesh, name).toBeDefined();
    }
  });

  it("a damaged results section (wrong shape) is a damaged file, refused by name", async () => {
    const bad = await variant("shape.fieldcraft", (j) => (j.results.steps[0].solution = { displacement: 1 }));
    expect((await refused(createSession(), "file.open", { path: bad })).error).toMatch(/damaged FieldCraft model file: results\.steps\[0\]\.solution\.displacement: must be an object \(got the number 1\)/);
  });

  it("stores any other array the solver adds to its solution (here a per-element one), with its stats", () => {
    const m = solved.model();
    const r = m.results.Load as any;
    const strain = Float64Array.from({ length: m.mesh!.mesh.elementBody.length * 6 }, (_, i) => Math.sin(i));
    const grown = { ...m, results: { Load: { ...r, solution: { ...r.solution, strain, stats: { ...r.solution.stats, smoother: "chebyshev" } } } } } as typeof m;
    const stored = JSON.parse(JSON.stringify(encodeResults(grown)));
    const back = decodeResults(stored, grown);
    if (!back.ok) throw new Error(back.reason);
    expect((back.results.Load.solution as any).strain).toEqual(strain);
    expect((back.results.Load.solution as any).stats).toEqual({ ...r.solution.stats, smoother: "chebyshev" });
    expect((back.results.Load.solution as any).displacement).toEqual(r.solution.displacement);
  });

  it("is smaller than the raw arrays would be as plain base64", async () => {
    const r = solved.model().results.Load;
    const raw = ["displacement", "reaction", "stress", "mises"].reduce((n, k) => n + (r.solution as any)[k].byteLength, r.applied.byteLength);
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    const step = json.results.steps[0];
    const stored = Object.values(step.solution as Record<string, { data: string }>).reduce((n, a) => n + a.data.length, step.applied.data.length);
    expect(stored).toBeLessThan((raw * 4) / 3);
  });
});

describe("results of every analysis reopen from a file", () => {
  async function reopened(s: Session, name: string): Promise<Session> {
    const p = path.join(dir, name);
    await ok(s, "file.save_as", { path: p });
    const back = createSession();
    await ok(back, "file.open", { path: p });
    return back;
  }

  it("a heat step: temperatures, flux contour and reactions equal without solving", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "heat-sink" });
    await ok(s, "solve.heat", {});
    const back = await reopened(s, "heat.fieldcraft");
    for (const field of ["temperature", "heat_flux"]) {
      const before = await ok(s, "results.contour", { field });
      const after = await ok(back, "results.contour", { field });
      expect(after.contour.range).toEqual(before.contour.range);
    }
    expect(await ok(back, "results.reactions", { sets: ["base"] })).toEqual(await ok(s, "results.reactions", { sets: ["base"] }));
    expect(await ok(back, "solve.probe", { nodes: [1, 7, 19] })).toEqual(await ok(s, "solve.probe", { nodes: [1, 7, 19] }));
  });

  it("a frequency step: every mode's numbers and shapes equal without solving", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    await ok(s, "model.step.create", { name: "Modes", procedure: { type: "frequency", modes: 3 }, boundary_conditions: ["clamp"] });
    await ok(s, "solve.frequency", {});
    const back = await reopened(s, "modes.fieldcraft");
    expect(await ok(back, "results.modes", { step: "Modes" })).toEqual(await ok(s, "results.modes", { step: "Modes" }));
    for (const mode of [1, 3]) {
      const before = await ok(s, "solve.probe", { step: "Modes", mode, nodes: [2, 40] });
      expect(await ok(back, "solve.probe", { step: "Modes", mode, nodes: [2, 40] })).toEqual(before);
    }
  });

  it("a result stored as another procedure than its step's is dropped with the reason", () => {
    const m = solved.model();
    const stored = JSON.parse(JSON.stringify(encodeResults(m)));
    stored.steps[0].procedure = "heat";
    const back = decodeResults(stored, m);
    expect(back.ok).toBe(false);
    if (!back.ok) expect(back.reason).toMatch(/stored as a heat result, but the step is static/);
  });
});
