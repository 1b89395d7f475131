// The whole catalogue: schemas as documented, and every command refused cleanly (model and files untouched)
// on unmet requirements and on generated bad parameters.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, REQUIREMENTS, requirementProvider, type CommandInfo, type Requirement, type Session } from "../src/index.js";
import { ok } from "./session-helpers.js";

type Schema = Record<string, any>;

let dir: string;
let ready: Session;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-commands-"));
  ready = createSession();
  await ok(ready, "file.sample", { name: "stepped-block" });
  await ok(ready, "solve.static");
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

function variants(schema: Schema): Schema[] {
  return schema.oneOf ?? schema.anyOf ?? [schema];
}

/** A value of a different JSON type than the property accepts. */
function wrongValue(prop: Schema): unknown {
  const types = new Set<string>();
  for (const v of variants(prop)) if (typeof v.type === "string") types.add(v.type);
  if (!types.has("number") && !types.has("integer")) return 12345;
  if (!types.has("string")) return "not-a-number";
  return { nested: true };
}

describe("catalogue", () => {
  const s = createSession();
  const catalogue = s.catalogue();
  const byId = new Map(catalogue.map((c) => [c.id, c]));

  it("lists the v1 commands with labels, schemas, requirements and effects", () => {
    for (const id of [
      "model.info", "model.activity", "model.check", "model.units", "model.set.create", "model.material.create",
      "model.section.create", "model.boundary_condition.create", "model.load.create", "model.step.create",
      "geometry.open", "geometry.bodies", "mesh.tet.generate", "mesh.quality", "solve.static", "solve.probe", "results.contour",
      "results.reactions", "deck.write", "file.open", "file.save", "file.save_as", "file.sample", "edit.undo", "edit.redo",
    ]) {
      expect(byId.has(id), id).toBe(true);
    }
    for (const c of catalogue) {
      expect(c.label.length).toBeGreaterThan(0);
      expect(c.description!.length).toBeGreaterThan(10);
      for (const r of c.requires) expect(Object.keys(REQUIREMENTS)).toContain(r);
      const kinds = variants(c.schema);
      for (const v of kinds) {
        expect(v.type, c.id).toBe("object");
        expect(v.additionalProperties, c.id).toBe(false);
      }
      for (const p of c.params) expect(p.description.length, `${c.id} ${p.name}`).toBeGreaterThan(0);
    }
  });

  it("gives units as x-dimension, defaults, required fields and one-of variants", () => {
    const material = byId.get("model.material.create")!;
    const elastic = (material.schema as Schema).properties.elastic.oneOf[0];
    expect(elastic.properties.young["x-dimension"]).toBe("stress");
    expect((material.schema as Schema).properties.density["x-dimension"]).toBe("density");
    expect((material.schema as Schema).required).toEqual(["name"]);
    expect(material.params.find((p) => p.name === "density")).toMatchObject({ dimension: "density", required: false });

    const mesh = byId.get("mesh.tet.generate")!;
    expect((mesh.schema as Schema).properties.order.default).toBe(2);
    expect((mesh.schema as Schema).properties.size["x-dimension"]).toBe("length");
    expect(mesh.params.find((p) => p.name === "order")).toMatchObject({ default: 2, required: false });

    const bc = byId.get("model.boundary_condition.create")!;
    expect((bc.schema as Schema).oneOf.map((v: Schema) => v.properties.type.const)).toEqual(["fixed", "displacement", "temperature", "velocity", "wall", "outlet"]);
    expect((bc.schema as Schema).oneOf[1].properties.components.properties.u1["x-dimension"]).toBe("length");
    expect(bc.params.find((p) => p.name === "components")).toMatchObject({ required: false });
    expect(bc.params.find((p) => p.name === "type")).toMatchObject({ type: '"fixed" | "displacement" | "temperature" | "velocity" | "wall" | "outlet"', required: true });

    const load = byId.get("model.load.create")!;
    expect((load.schema as Schema).oneOf[0].properties.vector["x-dimension"]).toBe("force");
    expect((load.schema as Schema).oneOf[1].properties.magnitude["x-dimension"]).toBe("pressure");
    const step = byId.get("model.step.create")!;
    expect((step.schema as Schema).properties.procedure.oneOf[0].properties.type.const).toBe("static");
    const section = byId.get("model.section.create")!;
    expect(section.requires).toEqual(["set", "material"]);
    expect(byId.get("solve.static")!.requires).toEqual(["mesh", "material", "section", "step"]);
    expect(byId.get("deck.write")!.effects).toEqual({ mutates: false, reads: false, writes: true });
  });
});

describe("every command refused cleanly", () => {
  it("on unmet requirements: each missing piece and the command that provides it, model unchanged", async () => {
    const s = createSession();
    const before = s.digest();
    for (const c of s.catalogue().filter((c) => c.requires.length > 0)) {
      const out = await s.execute(c.id, {});
      expect(out.ok, c.id).toBe(false);
      if (out.ok) continue;
      for (const r of c.requires as Requirement[]) {
        expect(out.error, c.id).toContain(`needs ${REQUIREMENTS[r].what}: run ${requirementProvider(r, s.model())} first`);
      }
      expect(s.digest(), c.id).toBe(before);
    }
  });

  it("on generated bad parameters, naming the parameter; model and files unchanged", async () => {
    const before = ready.digest();
    const catalogue: CommandInfo[] = ready.catalogue();
    let refusals = 0;
    for (const c of catalogue) {
      const bad: { params: unknown; mention: string }[] = [
        { params: 42, mention: "params" },
        { params: "text", mention: "params" },
        { params: [1, 2], mention: "params" },
      ];
      for (const v of variants(c.schema as Schema)) {
        const required: string[] = v.required ?? [];
        // The variant's discriminator (e.g. `type: "fixed"`), so the unknown key is judged against that variant.
        const consts = Object.fromEntries(Object.entries<Schema>(v.properties ?? {}).filter(([, p]) => p.const !== undefined).map(([k, p]) => [k, p.const]));
        bad.push({ params: { ...consts, __bogus: 1 }, mention: "`__bogus`" });
        for (const [name, prop] of Object.entries<Schema>(v.properties ?? {})) {
          if (prop.const !== undefined) continue; // a discriminator: covered by the missing-field cases
          bad.push({ params: { ...consts, [name]: wrongValue(prop) }, mention: `params.${name}` });
        }
        for (const name of required) if (!(name in consts)) bad.push({ params: { ...consts }, mention: `params.${name}` });
      }
      for (const { params, mention } of bad) {
        const out = await ready.execute(c.id, params);
        expect(out.ok, `${c.id} ${JSON.stringify(params)}`).toBe(false);
        if (!out.ok) expect(out.error, `${c.id} ${JSON.stringify(params)}`).toContain(mention);
        refusals++;
        expect(ready.digest(), `${c.id} ${JSON.stringify(params)}`).toBe(before);
      }
    }
    expect(refusals).toBeGreaterThan(100);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it("on references that do not exist, naming the name and those that do", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    const before = s.digest();
    const cases: [string, unknown, RegExp][] = [
      ["model.boundary_condition.create", { name: "x", type: "fixed", target: { set: "tipp" } }, /params\.target\.set: no set named `tipp`; sets: `all`, `root`, `tip`/],
      ["model.load.create", { name: "x", type: "pressure", target: { set: "nope" }, magnitude: 1 }, /params\.target\.set: no set named `nope`/],
      ["model.section.create", { name: "x", set: "all", material: "Stell", kind: { type: "solid" } }, /params\.material: no material named `Stell`; materials: `Steel`/],
      ["model.section.create", { name: "x", set: "tip", material: "Steel", kind: { type: "solid" } }, /params\.set: set `tip` names only faces/],
      ["model.step.create", { name: "x", procedure: { type: "static" }, loads: ["pull"] }, /params\.loads\[0\]: no load named `pull`; loads: `push`/],
      ["model.set.create", { name: "x", geometry: [{ body: "Step" }] }, /params\.geometry\[0\]\.body: no body named `Step`; bodies: `Steps`/],
      ["model.set.create", { name: "x", geometry: [{ body: "Steps", face: "F9:+x" }] }, /params\.geometry\[0\]\.face: body `Steps` has no face named `F9:\+x`; faces: .*`F1:-x`/],
      ["model.set.create", { name: "x", nodes: [1, 99999999] }, /node 99999999 is not in the mesh/],
      ["model.set.create", { name: "root", nodes: [1] }, /params\.name: a set named `root` exists already/],
      ["mesh.tet.generate", { body: "Nope" }, /params\.body: no body named `Nope`; bodies: `Steps`/],
      ["solve.static", { step: "Loaf" }, /params\.step: no step named `Loaf`; steps: `Load`/],
      ["results.contour", { step: "Load" }, /needs results: run solve\.static first/],
      ["solve.static", { max_iterations: 1e9 }, /above the cap maxIterations/],
      ["file.sample", { name: "teapot" }, /params\.name: must be one of "stepped-block", "modal-plate", "heat-sink", "drop-bar", "duct-flow", "plate-hole"/],
      ["model.set.create", { name: "x", geometry: [{ body: "Steps", face: 3 }] }, /^model\.set\.create: params\.geometry\[0\]\.face: must be a string \(got the number 3\)$/],
      ["model.set.create", { name: "x", geometry: [{ body: "Steps", face: "F1:-x", edge: "e" }] }, /params\.geometry\[0\]: give `face` or `edge`, not both/],
      ["model.set.create", { name: "x" }, /params: give at least one member in `geometry`, `nodes` or `elements`/],
      ["model.load.create", { name: "x", type: "force", target: { set: "tip" } }, /^model\.load\.create: params\.vector: missing \(expected an array\)/],
      ["mesh.tet.generate", { order: 3 }, /^mesh\.tet\.generate: params\.order: must be one of 1, 2 \(got 3\)$/],
      ["model.units", { system: 7 }, /params\.system: must be one of "mm-t-s-N-MPa", "m-kg-s-N-Pa"/],
    ];
    for (const [command, params, pattern] of cases) {
      const out = await s.execute(command, params);
      expect(out.ok, command).toBe(false);
      if (!out.ok) expect(out.error, command).toMatch(pattern);
      expect(s.digest(), command).toBe(before);
    }
  });

  it("enforces caps as ordinary failures naming the cap", async () => {
    const s = createSession({ caps: { maxElements: 50, maxProbeNodes: 2 } });
    await ok(s, "geometry.open", { path: path.join(import.meta.dirname, "corpus", "stepped-block", "steps.solidcraft") });
    const before = s.digest();
    const out = await s.execute("mesh.tet.generate", { size: 2 });
    expect(out).toMatchObject({ ok: false });
    expect((out as { error: string }).error).toMatch(/maxElements/);
    expect(s.digest()).toBe(before);
    const t = createSession({ caps: { maxProbeNodes: 2 } });
    await ok(t, "file.sample", { name: "stepped-block" });
    await ok(t, "solve.static");
    expect((await t.execute("solve.probe", { nodes: [1, 2, 3] })) as { error: string }).toMatchObject({
      ok: false,
      error: "solve.probe: params.nodes: 3 nodes exceed the cap maxProbeNodes (2)",
    });
    const u = createSession({ caps: { maxDofs: 100 } });
    await ok(u, "file.sample", { name: "stepped-block" });
    const d = u.digest();
    expect(((await u.execute("solve.static")) as { error: string }).error).toMatch(/maxDofs/);
    expect(u.digest()).toBe(d);
  });
});
