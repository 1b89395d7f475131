import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type FileAccess } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

const design = {
  format: "solidcraft/1",
  units: "mm",
  bodies: [
    {
      name: "Block",
      features: [
        { id: "F1", type: "box", min: [0, 0, 0], max: [20, 4, 4] },
        { id: "F2", type: "box", min: [20, 0, 0], max: [30, 4, 2] },
      ],
    },
  ],
};

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-files-"));
  await fs.writeFile(path.join(dir, "block.solidcraft"), JSON.stringify(design));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** FileAccess confined to one folder for reading and another for writing, as the MCP server's roots are. */
function confined(readRoot: string, writeRoot: string | null): FileAccess {
  const inside = (root: string, p: string) => {
    const rel = path.relative(root, path.resolve(p));
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  };
  return {
    checkRead: (p) => (inside(readRoot, p) ? { ok: true, path: path.resolve(p) } : { ok: false, error: `automation path rejected: outside the read root ${readRoot}: ${p}` }),
    checkWrite: (p) =>
      writeRoot === null
        ? { ok: false, error: `automation filesystem access is not granted: write authority is absent: ${p}` }
        : inside(writeRoot, p)
          ? { ok: true, path: path.resolve(p) }
          : { ok: false, error: `automation path rejected: outside the write root ${writeRoot}: ${p}` },
  };
}

describe(".fieldcraft files", () => {
  it("saves into folders that do not exist yet, making them", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: path.join(dir, "block.solidcraft") });
    const file = path.join(dir, "runs", "first", "nested.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    expect(JSON.parse(await fs.readFile(file, "utf8")).format).toBe("fieldcraft/2");
    expect(await fs.readdir(path.dirname(file))).toEqual(["nested.fieldcraft"]);
  });

  it("saves and reopens a model: units, design by path, definitions; the file is versioned JSON", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: path.join(dir, "block.solidcraft") });
    await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
    await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Block", face: "F1:-x" }] });
    await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210e9, poisson: 0.3 }, density: 7850 });
    const file = path.join(dir, "a.fieldcraft");
    const saved = await ok(s, "file.save_as", { path: file });
    expect(saved.path).toBe(file);
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    expect(json.format).toBe("fieldcraft/2");
    expect(json.design).toEqual({ path: path.join(dir, "block.solidcraft"), relative: "block.solidcraft" });
    expect((await fs.readdir(dir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);

    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings).toEqual([]);
    expect(t.digest()).toBe(s.digest());
    expect((await ok(t, "model.info")).file).toBe(file);
    // The model's own file is the default target of file.save.
    await ok(t, "model.material.create", { name: "Alu", elastic: { type: "isotropic", young: 70e9, poisson: 0.33 } });
    await ok(t, "file.save");
    const u = createSession();
    await ok(u, "file.open", { path: file });
    expect(u.digest()).toBe(t.digest());
  });

  it("refuses file.save without a path when the model has no file yet", async () => {
    const s = createSession();
    expect((await refused(s, "file.save")).error).toBe("file.save: params.path: the model has no file yet: give a path");
  });

  it("refuses a newer file version, naming it, and leaves the model as it was", async () => {
    const file = path.join(dir, "newer.fieldcraft");
    await fs.writeFile(file, JSON.stringify({ format: "fieldcraft/3", units: "mm-t-s-N-MPa", something: "new" }));
    const s = createSession();
    await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
    const before = s.digest();
    const { error } = await refused(s, "file.open", { path: file });
    expect(error).toMatch(/fieldcraft\/3, written by a newer FieldCraft; this engine reads fieldcraft\/2/);
    expect(s.digest()).toBe(before);
  });

  it("refuses files that are not FieldCraft models or are damaged", async () => {
    const s = createSession();
    const notJson = path.join(dir, "junk.fieldcraft");
    await fs.writeFile(notJson, "{ nope");
    expect((await refused(s, "file.open", { path: notJson })).error).toMatch(/not a FieldCraft model file \(not JSON/);
    const other = path.join(dir, "other.fieldcraft");
    await fs.writeFile(other, JSON.stringify({ format: "solidcraft/1" }));
    expect((await refused(s, "file.open", { path: other })).error).toMatch(/not a FieldCraft model file \(its "format" is "solidcraft\/1"/);
    const damaged = path.join(dir, "damaged.fieldcraft");
    await fs.writeFile(damaged, JSON.stringify({ format: "fieldcraft/1", units: "mm-t-s-N-MPa", design: null, mesh: null, definitions: { sets: "x" } }));
    expect((await refused(s, "file.open", { path: damaged })).error).toMatch(/damaged FieldCraft model file: definitions\.sets/);
    expect((await refused(s, "file.open", { path: path.join(dir, "missing.fieldcraft") })).error).toMatch(/cannot read .*missing\.fieldcraft: no such file/);
  });

  it("opens a model whose design cannot be read without it, saying so in warnings", async () => {
    const sub = await fs.mkdtemp(path.join(dir, "gone-"));
    const designPath = path.join(sub, "temp.solidcraft");
    await fs.writeFile(designPath, JSON.stringify(design));
    const s = createSession();
    await ok(s, "geometry.open", { path: designPath });
    await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
    const file = path.join(dir, "orphan.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    await fs.rm(designPath);
    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings).toHaveLength(1);
    expect(opened.warnings[0]).toMatch(/the design .*temp\.solidcraft was not opened .*no such file.*the model opens without it/);
    expect(opened.design).toBeNull();
    expect(t.model().definitions.materials.map((m) => m.name)).toEqual(["Steel"]);
  });

  it("passes FileAccess refusals through, for reads, writes and the design a model file refers to", async () => {
    const readRoot = await fs.mkdtemp(path.join(dir, "read-"));
    const writeRoot = await fs.mkdtemp(path.join(dir, "write-"));
    const s = createSession({ fileAccess: confined(readRoot, writeRoot) });
    const outside = path.join(dir, "block.solidcraft");
    expect((await refused(s, "geometry.open", { path: outside })).error).toBe(
      `geometry.open: params.path: automation path rejected: outside the read root ${readRoot}: ${outside}`,
    );
    const badWrite = path.join(readRoot, "x.fieldcraft");
    expect((await refused(s, "file.save_as", { path: badWrite })).error).toBe(
      `file.save_as: params.path: automation path rejected: outside the write root ${writeRoot}: ${badWrite}`,
    );
    await expect(fs.stat(badWrite)).rejects.toThrow();

    const noWrite = createSession({ fileAccess: confined(readRoot, null) });
    expect((await refused(noWrite, "file.save_as", { path: path.join(writeRoot, "y.fieldcraft") })).error).toMatch(/write authority is absent/);

    // A model file inside the read root whose design lies outside it opens without the design.
    const open = createSession();
    await ok(open, "geometry.open", { path: outside });
    const file = path.join(readRoot, "refers-out.fieldcraft");
    await ok(open, "file.save_as", { path: file });
    const opened = await ok(s, "file.open", { path: file });
    expect(opened.warnings[0]).toMatch(/the design .*block\.solidcraft was not opened \(automation path rejected: outside the read root/);
    expect(s.model().design).toBeUndefined();
  });

  it("round-trips a meshed, set-up sample bit for bit (embedded design, mesh arrays) and solves the same after reopening", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    const file = path.join(dir, "sample.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    expect(json.design.embedded.bodies[0].name).toBe("Steps");
    expect(typeof json.mesh.nodes).toBe("string");
    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings).toEqual([]);
    expect(opened.check.ok).toBe(true);
    expect(t.digest()).toBe(s.digest());
    const a = await ok(s, "solve.static");
    const b = await ok(t, "solve.static");
    expect(b.steps[0].max_displacement).toEqual(a.steps[0].max_displacement);
    // Saved without results (`results: false`), a reopened model has none until it is solved again.
    expect((await ok(t, "file.save", { results: false })).results_saved).toBe(false);
    const u = createSession();
    await ok(u, "file.open", { path: file });
    expect((await u.execute("results.contour", {})).ok).toBe(false);
  });

  it("opens a model whose stored mesh is damaged without the mesh, saying so", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    const file = path.join(dir, "damaged-mesh.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const json = JSON.parse(await fs.readFile(file, "utf8"));
    const elements = new Int32Array(Buffer.from(json.mesh.elements, "base64").buffer.slice(0));
    elements[7] = 1e9;
    json.mesh.elements = Buffer.from(elements.buffer).toString("base64");
    await fs.writeFile(file, JSON.stringify(json));
    const t = createSession();
    const opened = await ok(t, "file.open", { path: file });
    expect(opened.warnings[0]).toMatch(/the mesh was not opened .*an element refers to a node that does not exist/);
    expect(t.model().mesh).toBeUndefined();
    expect(t.model().definitions.sets).toHaveLength(3);
  });

  it("makes file.open undoable like any change", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    const file = path.join(dir, "undo.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    const t = createSession();
    await ok(t, "model.units", { system: "m-kg-s-N-Pa" });
    const before = t.digest();
    await ok(t, "file.open", { path: file });
    expect(t.digest()).toBe(s.digest());
    await ok(t, "edit.undo");
    expect(t.digest()).toBe(before);
  });

  it("reopens a design keeping the model, or starting a new one, and says what no longer resolves", async () => {
    const s = createSession();
    const first = path.join(dir, "block.solidcraft");
    await ok(s, "geometry.open", { path: first });
    await ok(s, "mesh.tet.generate", { size: 4, order: 1 });
    await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Block", face: "F2:+x" }] });
    const edited = path.join(dir, "edited.solidcraft");
    await fs.writeFile(edited, JSON.stringify({ ...design, bodies: [{ name: "Block", features: [design.bodies[0].features[0]] }] }));
    const kept = await ok(s, "geometry.open", { path: edited });
    expect(kept).toMatchObject({ model: "keep", related: true, stale: { mesh_bodies: [], sets: ["end"] } });
    expect(s.model().mesh).toBeDefined();
    const other = path.join(dir, "other.solidcraft");
    await fs.writeFile(other, JSON.stringify({ ...design, bodies: [{ name: "Other", features: [design.bodies[0].features[0]] }] }));
    const unrelated = await ok(s, "geometry.open", { path: other });
    expect(unrelated).toMatchObject({ related: false, stale: { mesh_bodies: ["Block"], sets: ["end"] } });
    const fresh = await ok(s, "geometry.open", { path: other, model: "new" });
    expect(fresh).toMatchObject({ model: "new", related: true, stale: { mesh_bodies: [], sets: [] } });
    expect(s.model().mesh).toBeUndefined();
    expect(s.model().definitions.sets).toEqual([]);
  });

  it("refuses a design it cannot read, naming the problem", async () => {
    const s = createSession();
    const bad = path.join(dir, "bad.solidcraft");
    await fs.writeFile(bad, JSON.stringify({ format: "solidcraft/9", units: "mm", bodies: [] }));
    expect((await refused(s, "geometry.open", { path: bad })).error).toMatch(/solidcraft\/9.*newer/);
  });
});
