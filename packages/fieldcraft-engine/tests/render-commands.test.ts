// ui.render and ui.camera through the session, on the corpus' stepped block: what the picture shows, the
// camera kept between pictures (and not undone), files written only where allowed, and the other decks.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COLORS, createSession, SYMBOL_COLORS, type FileAccess } from "../src/index.js";
import { ok, refused } from "./session-helpers.js";
import { readLsDyna } from "./support/lsdyna-reader.js";
import { nastranReal, readNastran } from "./support/nastran-cards.js";
import { boundsOf, readPicture, same } from "./support/render-pixels.js";
import { SEED_BATCH as SETUP, STEPS } from "./workflow-fixtures.js";

const dir = mkdtempSync(path.join(tmpdir(), "fieldcraft-render-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const picture = (result: { png: Uint8Array }) => readPicture(result.png);

describe("ui.render and ui.camera", () => {
  it("refuses to draw an empty model, naming what to open", async () => {
    const s = createSession();
    expect((await refused(s, "ui.render")).error).toMatch(/nothing to draw: open a design \(geometry.open\)/);
  });

  it("draws the design before meshing, at the default size, from the iso view", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    const r = await ok(s, "ui.render");
    expect(r).toMatchObject({ mime_type: "image/png", source: "design", view: "iso", width: 1024, height: 768, field: null, step: null });
    // The picture stays bytes in process; base64 is the wire edge's business.
    expect(r.png).toBeInstanceOf(Uint8Array);
    const p = picture(r as { png: Uint8Array });
    expect([p.width, p.height]).toEqual([1024, 768]);
    expect(boundsOf(p, (rgb) => !same(rgb, COLORS.background))).not.toBeNull();
  });

  it("keeps the camera for the next picture, outside the undo history", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    expect((await ok(s, "ui.camera", { view: "front" })).camera).toEqual({ view: "front", yaw: 0, pitch: 0 });
    const front = await ok(s, "ui.render", { width: 320, height: 240 });
    expect(front.camera).toMatchObject({ yaw: 0, pitch: 0 });
    expect(front.view).toBe("front");
    await ok(s, "ui.camera", { yaw: 30, pitch: 200 });
    const turned = await ok(s, "ui.render", { width: 320, height: 240 });
    expect(turned.view).toBeNull();
    expect(turned.camera).toMatchObject({ yaw: 30, pitch: 90 });
    // A render's own `view` turns the kept camera too.
    await ok(s, "ui.render", { view: "top", width: 64, height: 64 });
    expect((await ok(s, "ui.camera")).camera).toEqual({ view: "top", yaw: 0, pitch: 90 });
    await ok(s, "edit.undo");
    expect((await ok(s, "ui.camera")).camera).toEqual({ view: "top", yaw: 0, pitch: 90 });
    expect((await refused(s, "ui.camera", { view: "sideways" })).error).toMatch(/view/);
    expect((await refused(s, "ui.render", { view: "iso", camera: { yaw: 1 } })).error).toMatch(/give `view` or `camera`, not both/);
  });

  it("shows the set-up's symbols, then the solved contour with the range results.contour reports", async () => {
    const s = createSession();
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.tet.generate", { body: "Steps", order: 1 });
    for (const { command, params } of SETUP) await ok(s, command, params);
    expect((await refused(s, "ui.render", { field: "von_mises" })).error).toMatch(/needs results: run solve.static first/);
    const setup = await ok(s, "ui.render", { view: "front", width: 640, height: 480 });
    expect(setup.symbols.map((x: { name: string; kind: string }) => [x.name, x.kind])).toEqual([["clamp", "fixed"], ["push", "force"]]);
    const p = picture(setup as { png: Uint8Array });
    const clamp = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.fixed))!;
    const push = boundsOf(p, (rgb) => same(rgb, SYMBOL_COLORS.force))!;
    // Front view: the clamp at x = 0 is left of the push at x = 100.
    expect(clamp.x1).toBeLessThan(push.x0);

    await ok(s, "solve.static", { step: "Load" });
    const contour = await ok(s, "results.contour", { step: "Load", field: "von_mises", bands: 8 });
    const shown = await ok(s, "ui.render", { width: 640, height: 480 });
    expect(shown.step).toBe("Load");
    expect(shown.field).toMatchObject({ name: "von_mises", unit: "MPa", bands: 8, max: contour.contour.range.max.value, max_node: contour.contour.range.max.node });
    expect(shown.deformation.scale).toBeGreaterThan(0);
    // Asked for another field here, the render draws it without changing the contour on show.
    const disp = await ok(s, "ui.render", { field: "displacement", scale: 0, width: 320, height: 240 });
    expect(disp.field.name).toBe("displacement");
    expect(disp.deformation.scale).toBe(0);
    expect((await ok(s, "ui.render", { width: 320, height: 240 })).field.name).toBe("von_mises");
  });

  it("writes the PNG to `path` only where the file access allows", async () => {
    const allowed = path.join(dir, "ok");
    const files: FileAccess = {
      checkRead: (p) => ({ ok: true, path: path.resolve(p) }),
      checkWrite: (p) => (path.resolve(p).startsWith(allowed + path.sep) ? { ok: true, path: path.resolve(p) } : { ok: false, error: `outside the write root ${allowed}: ${p}` }),
    };
    const s = createSession({ fileAccess: files });
    await ok(s, "geometry.open", { path: STEPS });
    const { mkdirSync } = await import("node:fs");
    mkdirSync(allowed, { recursive: true });
    const target = path.join(allowed, "shot.png");
    const r = await ok(s, "ui.render", { width: 100, height: 80, path: target });
    expect(r.path).toBe(target);
    expect(readFileSync(target).equals(Buffer.from(r.png))).toBe(true);
    const refusal = await refused(s, "ui.render", { path: path.join(dir, "elsewhere.png") });
    expect(refusal.error).toMatch(/params\.path: outside the write root/);
  });

  it("writes Nastran and LS-DYNA decks through deck.write", async () => {
    const s = createSession();
    const formats = s.catalogue().find((c) => c.id === "deck.write")!.schema as { properties: { format: { enum: string[] } } };
    expect(formats.properties.format.enum).toEqual(["abaqus", "nastran", "lsdyna"]);
    await ok(s, "geometry.open", { path: STEPS });
    await ok(s, "mesh.tet.generate", { body: "Steps", order: 2 });
    for (const { command, params } of SETUP) await ok(s, command, params);
    const nodes = s.model().mesh!.mesh.nodes.length / 3;
    await ok(s, "deck.write", { format: "nastran", path: path.join(dir, "steps.bdf") });
    const bdf = readNastran(readFileSync(path.join(dir, "steps.bdf"), "utf8"));
    expect(bdf.cards.filter((c) => c.name === "GRID").length).toBe(nodes);
    const force = bdf.cards.filter((c) => c.name === "FORCE").reduce((sum, c) => sum + nastranReal(c.fields[3]) * nastranReal(c.fields[6]), 0);
    expect(force).toBeCloseTo(-1000, 6);
    await ok(s, "deck.write", { format: "lsdyna", path: path.join(dir, "steps.k") });
    const k = readLsDyna(readFileSync(path.join(dir, "steps.k"), "utf8"));
    expect(k.nodes.size).toBe(nodes);
    expect([...k.sections.values()].map((x) => x.elform)).toEqual([16]);
  });
});
