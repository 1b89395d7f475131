// Reactions of explicit frames (`results.reactions {frame | time}`): internal force plus inertia at the held
// nodes, against the loads at that frame's time. A bar pulled along its axis by a load ramped over 20 axial
// periods stays quasi-static, so at every frame the support carries the load of that moment (the smooth step's
// value times the force, by hand) within a few percent, and at the end within 1%.
import { describe, expect, it } from "vitest";
import { createSession, type Session } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

const E = 210000, RHO = 7.85e-9, F = 1000, L = 100;
const PERIOD = (4 * L) / Math.sqrt(E / RHO); // fixed-free axial bar
const T1 = 20 * PERIOD;

const smooth = (t: number) => {
  const x = Math.min(1, Math.max(0, t / T1));
  return x * x * x * (10 - 15 * x + 6 * x * x);
};

async function pulledBar(): Promise<Session> {
  const s = createSession();
  await ok(s, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [L, 10, 10], counts: [10, 1, 1], element: "C3D8" });
  await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
  await ok(s, "model.set.create", { name: "root", geometry: [{ body: "Bar", face: "-x" }] });
  await ok(s, "model.set.create", { name: "tip", geometry: [{ body: "Bar", face: "+x" }] });
  await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: E, poisson: 0.3 }, density: RHO });
  await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
  await ok(s, "model.amplitude.create", { name: "ramp", smooth_step: { t0: 0, t1: T1 } });
  await ok(s, "model.load.create", { name: "pull", type: "force", target: { set: "tip" }, vector: [F, 0, 0], amplitude: "ramp" });
  await ok(s, "model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } });
  await ok(s, "model.step.create", { name: "Pull", procedure: { type: "explicit", duration: 25 * PERIOD, frames: 25 }, boundary_conditions: ["clamp"], loads: ["pull"] });
  return s;
}

describe("reactions of explicit frames", () => {
  it("a slowly pulled bar: at every frame the support carries the load of that moment", async () => {
    const s = await pulledBar();
    await ok(s, "solve.explicit");
    for (let k = 0; k <= 25; k++) {
      const r = await ok(s, "results.reactions", { frame: k });
      expect(r.frame).toBe(k);
      // The load at the frame's time, by hand.
      expect(r.applied.force[0]).toBeCloseTo(F * smooth(r.time), 6);
      expect(r.sets[0].set).toBe("root");
      expect(Math.abs(r.sets[0].force[0] + F * smooth(r.time))).toBeLessThan(0.03 * F);
    }
    const last = await ok(s, "results.reactions");
    expect(last.frame).toBe(25);
    expect(Math.abs(last.total.force[0] / -F - 1)).toBeLessThan(0.01);
    expect(last.relative_imbalance).toBeLessThan(0.01);
    // `time` picks the nearest frame.
    const mid = await ok(s, "results.reactions", { time: 10.2 * PERIOD });
    expect(mid.frame).toBe(10);
    expect(mid.total).toEqual((await ok(s, "results.reactions", { frame: 10 })).total);
  });

  it("refuses frames of steps that have none and frames a step does not have", async () => {
    const s = await pulledBar();
    await ok(s, "model.step.create", { name: "Static", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: [] });
    await ok(s, "solve.explicit");
    expect((await refused(s, "results.reactions", { frame: 26 })).error).toMatch(/frames 0\.\.25; frame 26/);
    await ok(s, "model.load.create", { name: "still", type: "force", target: { set: "tip" }, vector: [F, 0, 0] });
    await ok(s, "model.step.create", { name: "Still", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["still"] });
    await ok(s, "solve.static", { step: "Still" });
    expect((await refused(s, "results.reactions", { step: "Still", frame: 1 })).error).toMatch(/step Still is a static step: only explicit steps have frames/);
  });
});
