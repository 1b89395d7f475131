// The viewport selection over the channel (ui.select / ui.selection on the spawned app), and its pure rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectToApp, type ControlClient } from "@mcp-wrappers/fieldcraft-control";
import { combine, EMPTY_SELECTION, setParams } from "@mcp-wrappers/fieldcraft-engine";
import { startApp, stopApp, writeSteps, type AppProcess } from "./helpers/app-process.js";

describe("selection rules", () => {
  const a = { geometry: [{ body: "B", face: "F1:-x" }], nodes: [3, 1], elements: [], faces: [] };
  it("replace, add and remove", () => {
    const s = combine(EMPTY_SELECTION, a, "replace");
    expect(s.nodes).toEqual([1, 3]);
    const more = combine(s, { geometry: [{ body: "B", face: "F1:-x" }, { body: "B" }], nodes: [2], elements: [5], faces: [] }, "add");
    expect(more.geometry).toEqual([{ body: "B", face: "F1:-x" }, { body: "B" }]);
    expect(more.nodes).toEqual([1, 2, 3]);
    const less = combine(more, { geometry: [{ body: "B", face: "F1:-x" }], nodes: [1], elements: [], faces: [] }, "remove");
    expect(less).toEqual({ geometry: [{ body: "B" }], nodes: [2, 3], elements: [5], faces: [] });
  });
  it("turns element faces into the nodes on them for a set", () => {
    const params = setParams({ geometry: [], nodes: [9], elements: [], faces: [{ element: 1, face: 2 }] }, () => [4, 9, 2]);
    expect(params).toEqual({ nodes: [2, 4, 9] });
  });
});

describe("ui.select and ui.selection on the app", () => {
  let app: AppProcess;
  let c: ControlClient;
  beforeAll(async () => {
    app = await startApp();
    const connected = await connectToApp({ host: "127.0.0.1", port: app.port, portFile: app.portFile });
    if (!connected.ok) throw new Error(connected.error);
    c = connected.client;
    const design = await writeSteps(app.dir);
    expect(await c.call("geometry.open", { path: design })).toMatchObject({ ok: true });
    expect(await c.call("mesh.tet.generate", { body: "Steps", tolerance: 0.5 })).toMatchObject({ ok: true });
  });
  afterAll(async () => {
    c?.close();
    if (app) await stopApp(app);
  });

  it("selects a face by name and hands back params that make the same set", async () => {
    const selected = await c.call("ui.select", { geometry: [{ body: "Steps", face: "F1:-x" }] });
    expect(selected).toMatchObject({ ok: true, result: { counts: { geometry: 1 }, params: { geometry: [{ body: "Steps", face: "F1:-x" }] } } });
    const selection = await c.call("ui.selection");
    if (!selection.ok) throw new Error(selection.error);
    const r = selection.result as { params: Record<string, unknown>; resolved: { nodes: number } };
    const created = await c.call("model.set.create", { name: "picked", ...r.params });
    expect(created).toMatchObject({ ok: true, result: { set: "picked", members: { nodes: r.resolved.nodes } } });
    // The root face of the 20 x 10 end is meshed: it has nodes.
    expect(r.resolved.nodes).toBeGreaterThan(3);
  });

  it("adds and removes node ids, and element faces become nodes in params", async () => {
    await c.call("ui.select", { clear: true });
    await c.call("ui.select", { nodes: [5, 1, 3] });
    await c.call("ui.select", { mode: "add", nodes: [7], faces: [{ element: 1, face: 1 }] });
    const after = await c.call("ui.select", { mode: "remove", nodes: [3] });
    if (!after.ok) throw new Error(after.error);
    const r = after.result as { selection: { nodes: number[]; faces: unknown[] }; params: { nodes: number[] } };
    expect(r.selection.nodes).toEqual([1, 5, 7]);
    expect(r.selection.faces).toEqual([{ element: 1, face: 1 }]);
    // C3D10 face: 6 nodes, merged with the selected ids.
    expect(r.params.nodes.length).toBeGreaterThanOrEqual(6);
    for (const n of [1, 5, 7]) expect(r.params.nodes).toContain(n);
    const described = await c.call("describe");
    expect(described).toMatchObject({ ok: true, result: { view: { selection: { nodes: 3, faces: 1 } } } });
  });

  it("refuses what does not exist, naming it, and leaves the selection as it was", async () => {
    const before = await c.call("ui.selection");
    const bad = await c.call("ui.select", { geometry: [{ body: "Steps", face: "F9:+q" }], nodes: [10_000_000] });
    expect(bad).toMatchObject({ ok: false, failure: "remote" });
    if (!bad.ok) {
      expect(bad.error).toMatch(/has no face "F9:\+q"/);
      expect(bad.error).toMatch(/node 10000000 does not exist/);
    }
    const picked = await c.call("ui.select", { at: [10, 10] });
    expect(picked).toMatchObject({ ok: false, error: expect.stringMatching(/take one first/) });
    expect(await c.call("ui.selection")).toEqual(before);
  });

  it("the selection is view state: undo does not touch it", async () => {
    await c.call("ui.select", { clear: true, elements: [2] });
    await c.call("edit.undo");
    const s = await c.call("ui.selection");
    expect(s).toMatchObject({ ok: true, result: { selection: { elements: [2] } } });
  });
});
