// Explicit dynamics through the commands: the drop-bar sample out of the box (the wave speed and rho c v read
// from its frames), amplitudes and prescribed velocities, frame / time choices in contours, probes and pictures,
// progress per frame, cancellation, caps and refusals that name what to fix.
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";

const E = 210000, NU = 0.3, RHO = 7.85e-9;
const C_BAR = Math.sqrt(E / RHO);

describe("explicit steps through the session", () => {
  it("runs the drop-bar sample out of the box: frames, energies, the stress wave rho c v, frame and time choices", async () => {
    const s = createSession();
    await ok(s, "file.sample", { name: "drop-bar" });
    const progress: number[] = [];
    const out = await s.execute("solve.explicit", {}, { onProgress: (p) => progress.push(p.progress) });
    if (!out.ok) throw new Error(out.error);
    const step = (out.result as { steps: any[] }).steps[0];
    expect(step.frames).toBe(21);
    expect(step.time_step).toBeLessThanOrEqual(0.9 * step.stable_time_step * (1 + 1e-12));
    expect(step.controlling_element).toBeGreaterThan(0);
    // A progress report per frame.
    expect(progress.length).toBeGreaterThanOrEqual(21);
    const frames = (await ok(s, "results.frames")).frames as any[];
    expect(frames.map((f) => f.frame)).toEqual([...Array(21).keys()]);
    const largest = Math.max(...frames.map((f) => Math.max(f.kinetic, f.internal)));
    // The bulk viscosity dissipates a little; what is left balances.
    for (const f of frames) expect(Math.abs(f.energy_balance)).toBeLessThan(0.01 * largest);
    // Kinetic energy at t = 0: the bar's mass times v^2 / 2, less the floor nodes' share (held still from t = 0).
    const full = 0.5 * RHO * 100 * 10 * 10 * 5000 ** 2;
    expect(step.total_mass).toBeCloseTo(RHO * 100 * 10 * 10, 15);
    expect(frames[0].kinetic).toBeLessThan(full);
    expect(frames[0].kinetic).toBeGreaterThan(0.95 * full);
    // Halfway up the bar at L / (2c) ... 3L/(2c) the wave has passed: the axial stress there is about -rho c v (a
    // thin bar's c; the 10 mm section is lateral-inertia-light at these lengths), within the mesh's ringing.
    const t = 1.5 * (50 / C_BAR);
    const probe = await ok(s, "solve.probe", { time: t, elements: [1] });
    expect(Math.abs(probe.time - t)).toBeLessThanOrEqual(2e-6 + 1e-12);
    const contour = await ok(s, "results.contour", { field: "s11", time: t });
    expect(contour.contour.frame).toBe(probe.frame);
    expect(contour.contour.range.min.value).toBeLessThan(-0.7 * RHO * C_BAR * 5000);
    expect(contour.contour.range.min.value).toBeGreaterThan(-1.6 * RHO * C_BAR * 5000);
    // The frame on show is the one the picture draws.
    const picture = await ok(s, "ui.render", { width: 96, height: 64 });
    expect(picture.step).toBe("Drop");
    const v = await ok(s, "results.contour", { field: "velocity", frame: 0 });
    expect(v.contour.range.max.value).toBeCloseTo(5000, 6);
    expect((await refused(s, "results.contour", { frame: 21 })).error).toMatch(/frames 0\.\.20; frame 21/);
    expect((await refused(s, "solve.probe", { time: 1 })).error).toMatch(/time 1 is outside/);
    expect((await refused(s, "results.contour", { frame: 1, time: 0 })).error).toMatch(/not both/);
  });

  it("drives a bar by a prescribed velocity with an amplitude; refuses a fixed step above the stable one", async () => {
    const s = createSession();
    await ok(s, "mesh.block", { name: "Bar", min: [0, 0, 0], max: [200, 10, 10], counts: [40, 2, 2], element: "C3D8" });
    await ok(s, "model.set.create", { name: "all", geometry: [{ body: "Bar" }] });
    await ok(s, "model.set.create", { name: "end", geometry: [{ body: "Bar", face: "-x" }] });
    await ok(s, "model.set.create", { name: "far", geometry: [{ body: "Bar", face: "+x" }] });
    await ok(s, "model.material.create", { name: "Steel", elastic: { type: "isotropic", young: E, poisson: NU }, density: RHO });
    await ok(s, "model.section.create", { name: "s", set: "all", material: "Steel", kind: { type: "solid" } });
    await ok(s, "model.amplitude.create", { name: "pulse", points: [[0, 0], [2e-6, 1], [4e-6, 0]] });
    await ok(s, "model.boundary_condition.create", { name: "hit", type: "velocity", target: { set: "end" }, vector: [1000, 0, 0], amplitude: "pulse" });
    await ok(s, "model.step.create", { name: "Hit", procedure: { type: "explicit", duration: 2e-5, output_interval: 1e-6 }, boundary_conditions: ["hit"] });
    const step = (await ok(s, "solve.explicit")).steps[0];
    expect(step.frames).toBe(21);
    // The end moved by the pulse's area: 1000 mm/s x 2 us = 2e-3 mm, and stays there.
    const end = await ok(s, "solve.probe", { frame: 20, nodes: [1] });
    expect(end.nodes[0].displacement.u1).toBeCloseTo(2e-3, 8);
    // Refusals naming what to fix: a fixed step above the stable one, an unknown amplitude, planar meshes.
    await ok(s, "model.step.create", { name: "Fast", procedure: { type: "explicit", duration: 1e-5, time_step: { fixed: 10 * step.stable_time_step } }, boundary_conditions: ["hit"] });
    expect((await refused(s, "solve.explicit", { step: "Fast" })).error).toMatch(/time_step.fixed .* is above the stable step/);
    await ok(s, "model.boundary_condition.create", { name: "bad", type: "velocity", target: { set: "far" }, vector: [0, 0, 1], amplitude: "nope" });
    await ok(s, "model.step.create", { name: "Bad", procedure: { type: "explicit", duration: 1e-5 }, boundary_conditions: ["bad"] });
    expect((await refused(s, "solve.explicit", { step: "Bad" })).error).toMatch(/amplitude: no amplitude named `nope`; amplitudes: `pulse`/);
    expect((await refused(s, "model.amplitude.create", { name: "x", points: [[1, 0], [0, 1]] })).error).toMatch(/times must increase/);
    await ok(s, "model.step.create", { name: "Static", procedure: { type: "static" }, boundary_conditions: ["hit"] });
    expect((await refused(s, "solve.static", { step: "Static" })).error).toMatch(/prescribes a velocity, which a static step cannot use/);
    const planar = createSession();
    await ok(planar, "file.sample", { name: "plate-hole" });
    await ok(planar, "model.step.create", { name: "Shake", procedure: { type: "explicit", duration: 1e-5 }, boundary_conditions: ["symmetry_x", "symmetry_y"], loads: ["pull"] });
    expect((await refused(planar, "solve.explicit", { step: "Shake" })).error).toMatch(/CPS8 is planar, and the explicit solver has no planar kernel yet .*: mesh the part in 3D/);
  });

  it("stops when cancelled and under its caps, leaving the model as it was", async () => {
    const s = createSession({ caps: { maxElementSteps: 1000 } });
    await ok(s, "file.sample", { name: "drop-bar" });
    const before = s.digest();
    expect((await refused(s, "solve.explicit")).error).toMatch(/above the cap maxElementSteps/);
    const c = createSession();
    await ok(c, "file.sample", { name: "drop-bar" });
    await ok(c, "model.step.create", { name: "Long", procedure: { type: "explicit", duration: 1e-2, frames: 10 }, boundary_conditions: ["floor"] });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const out = await c.execute("solve.explicit", { step: "Long" }, { signal: controller.signal });
    expect(out.ok).toBe(false);
    expect(!out.ok && out.error).toMatch(/cancel/);
    expect(s.digest()).toBe(before);
  });
});
