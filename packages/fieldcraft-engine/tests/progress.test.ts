// Progress fit for a client's clock: every update a command sends is above the last (MCP drops the others, and the
// solvers report each phase from 0), and long loops send a heartbeat naming their phase between updates.
import { describe, expect, it } from "vitest";
import { createSession } from "../src/index.js";
import { progressReporter, type ProgressUpdate } from "../src/session/progress.js";
import { ok } from "./session-helpers.js";
import { steelStatic, writeDesign } from "./partition/fixtures.js";

describe("progressReporter", () => {
  it("raises a report that does not increase, keeps the message, and beats only after the quiet time", () => {
    let t = 0;
    const sent: ProgressUpdate[] = [];
    const r = progressReporter((u) => sent.push(u), 1000, () => t);
    r.beat(); // nothing reported yet: nothing to repeat
    r.report({ progress: 0, message: "assembling" });
    t = 500;
    r.beat(); // too soon
    r.report({ progress: 0, message: "building the preconditioner" });
    t = 2600;
    r.beat();
    r.report({ progress: 3, total: 100, message: "iteration 3" });
    r.report({ progress: 2, total: 100, message: "iteration 2?" });
    expect(sent.map((u) => u.message)).toEqual(["assembling", "building the preconditioner", "building the preconditioner (2 s)", "iteration 3", "iteration 2?"]);
    for (let i = 1; i < sent.length; i++) expect(sent[i].progress, sent[i].message).toBeGreaterThan(sent[i - 1].progress);
    expect(sent[3]).toEqual({ progress: 3, total: 100, message: "iteration 3" });
    expect(sent[4].progress).toBeLessThan(3.001);
  });
});

describe("a solve's progress through the session", () => {
  it("reaches the host phase by phase, always increasing, with heartbeats from the loops' check points", async () => {
    const s = createSession({ progressHeartbeatMs: 0 });
    await ok(s, "geometry.open", { path: writeDesign([{ name: "Beam", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [100, 10, 10] }] }]) });
    await ok(s, "mesh.hex", { size: 5 });
    await steelStatic(s, { fixed: [{ body: "Beam", face: "F1:-x" }], load: [{ body: "Beam", face: "F1:+x" }], force: [0, 0, -100] });
    const sent: ProgressUpdate[] = [];
    const out = await s.execute("solve.static", {}, { onProgress: (u) => sent.push(u) });
    expect(out.ok, out.ok ? "" : out.error).toBe(true);
    for (let i = 1; i < sent.length; i++) expect(sent[i].progress, `${sent[i - 1].message} -> ${sent[i].message}`).toBeGreaterThan(sent[i - 1].progress);
    const messages = sent.map((u) => u.message);
    // Each phase's own report gets through (they all start at 0)...
    expect(messages.some((m) => /assembling the stiffness matrix$/.test(m))).toBe(true);
    expect(messages.some((m) => /building the multigrid preconditioner$/.test(m))).toBe(true);
    // ... and the assembly loop beats while it works, naming the phase.
    expect(messages.some((m) => /assembling the stiffness matrix \(\d+ s\)$/.test(m))).toBe(true);
  });
});
