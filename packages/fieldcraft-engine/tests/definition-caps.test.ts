// Definitions are capped per kind (issue 33): the N+1th set under maxDefinitions = N is refused naming the cap,
// the model unchanged; the cap counts each kind on its own; undo and a new set reuse the freed room and the
// taken-name check still sees names across undo (its index is shared along appends).
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

describe("maxDefinitions", () => {
  it("refuses the set past the cap, naming the cap, and counts kinds apart", async () => {
    const cap = 6;
    const s = createSession({ caps: { maxDefinitions: cap } });
    await ok(s, "file.sample", { name: "stepped-block" });
    const existing = s.model().definitions.sets.length;
    expect(existing).toBeLessThan(cap);
    for (let i = existing; i < cap; i++) await ok(s, "model.set.create", { name: `S${i}`, nodes: [1] });
    expect(s.model().definitions.sets).toHaveLength(cap);
    const before = s.digest();
    const out = await refused(s, "model.set.create", { name: "one-too-many", nodes: [1] });
    expect(out.error).toMatch(/^model\.set\.create: the model holds 6 sets, the cap maxDefinitions \(6\)/);
    expect(s.digest()).toBe(before);
    // Another kind has its own count.
    const materials = s.model().definitions.materials.length;
    expect(materials).toBeLessThan(cap);
    await ok(s, "model.material.create", { name: "Extra", elastic: { type: "isotropic", young: 70000, poisson: 0.33 } });
    expect(s.model().definitions.materials).toHaveLength(materials + 1);
  });

  it("keeps the taken-name check right across undo (a name freed by undo can be used again; a taken one is refused)", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "stepped-block" });
    await ok(s, "model.set.create", { name: "A", nodes: [1] });
    await ok(s, "model.set.create", { name: "B", nodes: [2] });
    await ok(s, "edit.undo", {});
    await ok(s, "edit.undo", {});
    await ok(s, "model.set.create", { name: "B", nodes: [3] });
    await ok(s, "model.set.create", { name: "A", nodes: [4] });
    expect((await refused(s, "model.set.create", { name: "B", nodes: [5] })).error).toMatch(/a set named `B` exists already/);
    expect((await refused(s, "model.set.create", { name: "A", nodes: [5] })).error).toMatch(/a set named `A` exists already/);
    const sets = s.model().definitions.sets;
    expect(sets.slice(-2).map((d) => [d.name, d.nodes])).toEqual([["B", [3]], ["A", [4]]]);
  });
});
