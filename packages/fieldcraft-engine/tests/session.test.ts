import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSession, defineCommand, type Model } from "../src/index.js";

describe("session basics", () => {
  it("answers model.info on a new model with empty counts and the default unit system", async () => {
    const s = createSession();
    const out = await s.execute("model.info");
    expect(out.ok).toBe(true);
    const info = (out as { result: { counts: Record<string, number>; units: { id: string; units: Record<string, string> } } }).result;
    expect(info.units.id).toBe("mm-t-s-N-MPa");
    expect(info.units.units.stress).toBe("MPa");
    expect(info.counts.nodes).toBe(0);
    expect(info.counts.materials).toBe(0);
  });

  it("refuses an unknown command, naming the commands of its group", async () => {
    const s = createSession();
    const out = await s.execute("model.infoo");
    expect(out).toMatchObject({ ok: false });
    expect((out as { error: string }).error).toMatch(/unknown command `model.infoo`.*model\.info/);
  });

  it("names the parameter to fix, in the caller's terms", async () => {
    const s = createSession();
    const a = await s.execute("model.units", { system: "furlongs" });
    expect((a as { error: string }).error).toMatch(/^model\.units: params\.system: must be one of "mm-t-s-N-MPa", "m-kg-s-N-Pa"/);
    const b = await s.execute("model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.6 } });
    expect((b as { error: string }).error).toMatch(/params\.elastic\.poisson/);
    const c = await s.execute("model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 1, poisson: 0.3 }, colour: "red" });
    expect((c as { error: string }).error).toMatch(/unknown parameter `colour`/);
    expect(c).toMatchObject({ details: { issues: ["params: unknown parameter `colour`"] } });
    const d = await s.execute("model.material.create", { name: "Steel", elastic: { type: "plastic" } });
    expect((d as { error: string }).error).toMatch(/params\.elastic\.type: must be one of "isotropic"/);
  });

  it("refuses a command whose requirements are missing, naming each piece and its command", async () => {
    const s = createSession();
    const out = await s.execute("model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
    expect(out.ok).toBe(false);
    const error = (out as { error: string }).error;
    expect(error).toContain("needs a set: run model.set.create first");
    expect(error).toContain("needs a material: run model.material.create first");
    expect((out as unknown as { details: { missing: unknown[] } }).details.missing).toEqual([
      { requirement: "set", command: "model.set.create" },
      { requirement: "material", command: "model.material.create" },
    ]);
  });

  it("undoes and redoes changes; reads are not in the history", async () => {
    const s = createSession();
    const d0 = s.digest();
    expect((await s.execute("edit.undo")) as { error: string }).toMatchObject({ ok: false, error: "edit.undo: nothing to undo" });
    await s.execute("model.units", { system: "m-kg-s-N-Pa" });
    const d1 = s.digest();
    await s.execute("model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210e9, poisson: 0.3 }, density: 7850 });
    const d2 = s.digest();
    await s.execute("model.info");
    expect(new Set([d0, d1, d2]).size).toBe(3);
    expect(await s.execute("edit.undo")).toMatchObject({ ok: true, result: { undone: "model.material.create Steel" } });
    expect(s.digest()).toBe(d1);
    expect(await s.execute("edit.undo")).toMatchObject({ ok: true, result: { undone: "model.units" } });
    expect(s.digest()).toBe(d0);
    await s.execute("edit.redo");
    expect(s.digest()).toBe(d1);
    await s.execute("edit.redo");
    expect(s.digest()).toBe(d2);
    expect(await s.execute("edit.redo")).toMatchObject({ ok: false, error: "edit.redo: nothing to redo" });
    // A new change after an undo drops the redo branch.
    await s.execute("edit.undo");
    await s.execute("model.units", { system: "mm-t-s-N-MPa" });
    expect(await s.execute("edit.redo")).toMatchObject({ ok: false });
  });

  it("keeps the model exactly as it was when a command throws, even after changing it in place", async () => {
    const vandal = defineCommand({
      id: "test.vandal",
      label: "Vandal",
      description: "Tries to change the model in place, then fails.",
      params: z.object({ how: z.enum(["throw-after-copy", "mutate-in-place"]) }).strict(),
      result: z.null(),
      requires: [],
      effects: { mutates: true, reads: false, writes: false },
      run(ctx, params) {
        if (params.how === "throw-after-copy") {
          const copy: Model = { ...ctx.model, units: "m-kg-s-N-Pa" };
          void copy;
          throw new Error("boom");
        }
        (ctx.model.definitions.materials as unknown[]).push({ name: "sneaky" });
        return { result: null, model: ctx.model };
      },
    });
    const s = createSession({ commands: [vandal] });
    await s.execute("model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } });
    const before = s.digest();
    const a = await s.execute("test.vandal", { how: "throw-after-copy" });
    expect(a).toMatchObject({ ok: false });
    expect((a as { error: string }).error).toMatch(/test\.vandal failed: boom \(the model is unchanged\)/);
    expect(s.digest()).toBe(before);
    const b = await s.execute("test.vandal", { how: "mutate-in-place" });
    expect(b.ok).toBe(false);
    expect(s.digest()).toBe(before);
    expect(s.model().definitions.materials.map((m) => m.name)).toEqual(["Steel"]);
  });

  it("runs concurrent calls one after another, in call order", async () => {
    const s = createSession();
    const calls = [
      s.execute("model.material.create", { name: "A", elastic: { type: "isotropic", young: 1, poisson: 0.1 } }),
      s.execute("model.material.create", { name: "A", elastic: { type: "isotropic", young: 1, poisson: 0.1 } }),
      s.execute("model.material.create", { name: "B", elastic: { type: "isotropic", young: 1, poisson: 0.1 } }),
    ];
    const outs = await Promise.all(calls);
    expect(outs.map((o) => o.ok)).toEqual([true, false, true]);
    expect((outs[1] as { error: string }).error).toMatch(/params\.name: a material named `A` exists already/);
    expect(s.model().definitions.materials.map((m) => m.name)).toEqual(["A", "B"]);
  });

  it("tells listeners about every successful command and whether the model changed", async () => {
    const s = createSession();
    const events: unknown[] = [];
    const off = s.onChange((e) => events.push(e));
    await s.execute("model.info");
    await s.execute("model.units", { system: "m-kg-s-N-Pa" });
    await s.execute("model.units", { system: "nope" });
    off();
    await s.execute("edit.undo");
    expect(events).toEqual([
      { command: "model.info", modelChanged: false, viewChanged: false },
      { command: "model.units", modelChanged: true, viewChanged: false },
    ]);
  });

  it("enforces the undo depth cap", async () => {
    const s = createSession({ caps: { maxUndo: 2 } });
    for (const name of ["A", "B", "C"]) await s.execute("model.material.create", { name, elastic: { type: "isotropic", young: 1, poisson: 0.1 } });
    expect((await s.execute("edit.undo")).ok).toBe(true);
    expect((await s.execute("edit.undo")).ok).toBe(true);
    expect(await s.execute("edit.undo")).toMatchObject({ ok: false, error: "edit.undo: nothing to undo" });
    expect(s.model().definitions.materials.map((m) => m.name)).toEqual(["A"]);
  });

  it("reports progress while solving and refuses a call cancelled before it starts", async () => {
    const s = createSession();
    await s.execute("file.sample", { name: "stepped-block" });
    const messages: string[] = [];
    const out = await s.execute("solve.static", {}, { onProgress: (p) => messages.push(p.message) });
    expect(out.ok).toBe(true);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages[0]).toMatch(/^step Load \(1\/1\): /);
    const before = s.digest();
    const controller = new AbortController();
    controller.abort();
    expect(await s.execute("edit.undo", {}, { signal: controller.signal })).toEqual({ ok: false, error: "edit.undo: cancelled before it started" });
    expect(s.digest()).toBe(before);
  });

  it("drops the oldest changes when the history would keep more mesh and result memory than maxUndoBytes", async () => {
    const s = createSession({ caps: { maxUndoBytes: 1 } });
    await s.execute("file.sample", { name: "stepped-block" });
    expect((await s.execute("mesh.tet.generate", { size: 10, order: 1 })).ok).toBe(true);
    // Going back would need the sample's mesh, which the cap does not let the history keep.
    expect(await s.execute("edit.undo")).toEqual({ ok: false, error: "edit.undo: nothing to undo" });
    await s.execute("model.material.create", { name: "Alu", elastic: { type: "isotropic", young: 70000, poisson: 0.33 } });
    expect((await s.execute("edit.undo")).ok).toBe(true);
    const roomy = createSession();
    await roomy.execute("file.sample", { name: "stepped-block" });
    await roomy.execute("mesh.tet.generate", { size: 10, order: 1 });
    expect(await roomy.execute("edit.undo")).toMatchObject({ ok: true, result: { undone: "mesh.tet.generate" } });
  });
});
