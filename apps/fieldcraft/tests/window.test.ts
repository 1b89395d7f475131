// Pictures and picking on the spawned app: ui.capture draws the window, pictures go to a requester's
// capture_path, and `at`/`box` pick what the last picture shows (located independently from its pixels).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PNG } from "pngjs";
import { connectToApp, type ControlClient } from "@mcp-wrappers/fieldcraft-control";
import { SEED_BATCH, startApp, startConnectedApp, stopApp, stopConnectedApp, writeSteps, type AppProcess, type ConnectedApp } from "./helpers/app-process.js";

let session: ConnectedApp;
let app: AppProcess;
let c: ControlClient;
const ok = (method: string, params: Record<string, unknown> = {}) => session.ok(method, params);

beforeAll(async () => {
  session = await startConnectedApp();
  ({ app, client: c } = session);
  await ok("geometry.open", { path: await writeSteps(app.dir) });
  await ok("mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
});
afterAll(() => stopConnectedApp(session));

const pixel = (img: PNG, x: number, y: number) => [...img.data.subarray(4 * (y * img.width + x), 4 * (y * img.width + x) + 3)];

/** The model's extent in a picture: pixels of the colour at the picture's centre (the front face's shade). */
function silhouette(img: PNG, x0 = 0, y0 = 0, w = img.width, h = img.height) {
  const ref = pixel(img, x0 + Math.floor(w / 4), y0 + Math.floor(h / 2));
  let minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const p = pixel(img, x, y);
      if (Math.abs(p[0] - ref[0]) + Math.abs(p[1] - ref[1]) + Math.abs(p[2] - ref[2]) > 12) continue;
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  return { minX, maxX, minY, maxY };
}

describe("pictures", () => {
  it("ui.capture draws a window (title bar, viewport, status bar) into the capture_path it is given", async () => {
    const path = join(app.dir, "window.png");
    const r = await ok("ui.capture", { width: 500, height: 400, capture_path: path });
    expect(r).toMatchObject({ source: "window", width: 500, height: 400, capture_path: path, viewport: { x: 1, y: 24, width: 498, height: 354 } });
    expect(r.png).toBeUndefined();
    expect(r.title).toMatch(/^fieldcraft 0\.1\.0 - untitled$/);
    expect(r.status).toMatch(/C3D10 \d+ nodes \d+ elements/);
    const img = PNG.sync.read(await readFile(path));
    expect([img.width, img.height]).toEqual([500, 400]);
    expect(pixel(img, 300, 2)).toEqual([38, 50, 66]);
    expect(pixel(img, 499, 399)).toEqual([222, 226, 230]);
    // The title's text is drawn: some title-bar pixels are the text colour.
    let lit = 0;
    for (let x = 0; x < 200; x++) for (let y = 0; y < 24; y++) if (pixel(img, x, y).join() === "235,240,245") lit++;
    expect(lit).toBeGreaterThan(50);
    // The viewport holds the model: its middle is not the window's chrome.
    expect(pixel(img, 250, 200)).not.toEqual([38, 50, 66]);
  });

  it("never overwrites: an existing or relative capture_path is refused", async () => {
    const existing = join(app.dir, "exists.png");
    await writeFile(existing, "keep");
    const r = await c.call("ui.render", { width: 64, height: 64, capture_path: existing });
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/cannot write the picture/) });
    expect(await readFile(existing, "utf8")).toBe("keep");
    const rel = await c.call("ui.capture", { capture_path: "x.png" });
    expect(rel).toMatchObject({ ok: false, error: expect.stringMatching(/absolute path/) });
  });

  it("the window shows the selection: highlighted in orange while selected, gone when cleared", async () => {
    const orange = (img: PNG) => {
      let n = 0;
      for (let i = 0; i < img.data.length; i += 4) if (img.data[i] === 255 && img.data[i + 1] === 140 && img.data[i + 2] === 0) n++;
      return n;
    };
    await ok("ui.select", { geometry: [{ body: "Steps", face: "F2:+z" }], nodes: [1] });
    const shown = await ok("ui.capture", { width: 400, height: 300 });
    expect(shown.highlighted).toBeGreaterThan(1);
    expect(shown.status).toMatch(/selection 2/i);
    expect(orange(PNG.sync.read(Buffer.from(shown.png, "base64")))).toBeGreaterThan(100);
    await ok("ui.select", { clear: true });
    const cleared = await ok("ui.capture", { width: 400, height: 300 });
    expect(cleared.highlighted).toBe(0);
    expect(orange(PNG.sync.read(Buffer.from(cleared.png, "base64")))).toBe(0);
  });

  it("without capture_path the PNG comes back inline", async () => {
    const r = await ok("ui.capture", { width: 120, height: 100 });
    const img = PNG.sync.read(Buffer.from(r.png, "base64"));
    expect([img.width, img.height]).toEqual([120, 100]);
  });
});

describe("picking by pixel and box", () => {
  let img: PNG;
  let box: ReturnType<typeof silhouette>;
  // Model point (x, z) on the front view, located from the picture's pixels: x spans 0..100, z spans 0..20.
  const at = (x: number, z: number): [number, number] => [
    Math.round(box.minX + (x / 100) * (box.maxX - box.minX)),
    Math.round(box.maxY - (z / 20) * (box.maxY - box.minY)),
  ];

  beforeAll(async () => {
    const r = await ok("ui.render", { view: "front", width: 400, height: 300 });
    img = PNG.sync.read(Buffer.from(r.png, "base64"));
    box = silhouette(img);
  });

  it("`at` picks the named face drawn at a pixel, and an empty pixel clears the selection", async () => {
    const low = await ok("ui.select", { at: at(75, 5) });
    expect(low.selection.geometry).toEqual([{ body: "Steps", face: "F1:-y" }]);
    expect(low.picked).toMatchObject({ filter: "geometry", counts: { geometry: 1 } });
    const high = await ok("ui.select", { at: at(25, 15), mode: "add" });
    expect(high.selection.geometry).toEqual([{ body: "Steps", face: "F1:-y" }, { body: "Steps", face: "F2:-y" }]);
    const none = await ok("ui.select", { at: at(75, 17) });
    expect(none.empty).toBe(true);
  });

  it("`at` with filter nodes, elements and faces picks one item of that kind", async () => {
    for (const [filter, key] of [["nodes", "nodes"], ["elements", "elements"], ["faces", "faces"]] as const) {
      const r = await ok("ui.select", { at: at(60, 5), filter });
      expect(r.selection[key], filter).toHaveLength(1);
    }
  });

  it("`box` picks faces wholly inside it, or crossing it", async () => {
    // Right of x = 60, all heights: the +x end face lies inside; the front face only crosses it.
    const [x0] = at(60, 0);
    const rect = [x0, 0, 399, 299];
    const inside = await ok("ui.select", { box: rect, box_mode: "inside" });
    const names = inside.selection.geometry.map((m: { face: string }) => m.face);
    expect(names).toContain("F1:+x");
    expect(names).not.toContain("F1:-y");
    expect(names).not.toContain("F1:-x");
    const crossing = await ok("ui.select", { box: rect, box_mode: "crossing" });
    const crossed = crossing.selection.geometry.map((m: { face: string }) => m.face);
    expect(crossed).toEqual(expect.arrayContaining(["F1:+x", "F1:-y", "F1:+y", "F1:-z"]));
    expect(crossed).not.toContain("F1:-x");
    expect(crossed).not.toContain("F2:-y");
    // A box around the whole picture takes every face of the body, hidden ones too.
    const all = await ok("ui.select", { box: [0, 0, 399, 299] });
    const bodies = await ok("geometry.bodies");
    expect(all.selection.geometry).toHaveLength(bodies.bodies[0].faces.length);
  });

  it("`box` with filter nodes takes the nodes on the right, and the set made from it has them", async () => {
    const [x0] = at(60, 0);
    const r = await ok("ui.select", { box: [x0, 0, 399, 299], filter: "nodes" });
    const info = await ok("model.info");
    expect(r.selection.nodes.length).toBeGreaterThan(10);
    // Right of x = 60 is under half the body's volume: under half its nodes.
    expect(r.selection.nodes.length).toBeLessThan(info.counts.nodes / 2);
    const made = await ok("model.set.create", { name: "right", ...r.params });
    expect(made.members.nodes).toBe(r.selection.nodes.length);
  });

  it("picks in ui.capture's window coordinates (the viewport sits below the title bar)", async () => {
    await ok("ui.capture", { width: 402, height: 346 });
    const [x, y] = at(75, 5);
    const r = await ok("ui.select", { at: [x + 1, y + 24] });
    expect(r.selection.geometry).toEqual([{ body: "Steps", face: "F1:-y" }]);
  });

  it("refuses a pick without a picture, or with bad coordinates", async () => {
    const fresh = await startApp();
    try {
      const other = await connectToApp({ host: "127.0.0.1", port: fresh.port, portFile: fresh.portFile });
      if (!other.ok) throw new Error(other.error);
      const r = await other.client.call("ui.select", { at: [1, 1] });
      expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/take one first/) });
      other.client.close();
    } finally {
      await stopApp(fresh);
    }
    expect(await c.call("ui.select", { at: [1] })).toMatchObject({ ok: false, error: expect.stringMatching(/\[x, y\]/) });
    expect(await c.call("ui.select", { at: [1, 1], filter: "bodies" })).toMatchObject({ ok: false, error: expect.stringMatching(/filter must be one of/) });
  });
});

describe("picking on a deformed contour picture (legend on the left)", () => {
  it("a pixel of the largest-displacement band picks a node whose displacement is near the largest", async () => {
    for (const { command, params } of SEED_BATCH) await ok(command, params);
    await ok("solve.static", { step: "Load" });
    await ok("results.contour", { step: "Load", field: "displacement" });
    const r = await ok("ui.render", { view: "front", width: 500, height: 300 });
    expect(r.legend.width).toBeGreaterThan(0);
    expect(r.deformation.scale).toBeGreaterThan(1);
    const img = PNG.sync.read(Buffer.from(r.png, "base64"));
    // The top band's colour is the legend's first swatch; find where the model shows it, right of the legend.
    const top = pixel(img, 16, 24);
    expect(top[0] > 200 && top[1] < 80 && top[2] < 80, `the top swatch is red: ${top}`).toBe(true);
    let sx = 0, sy = 0, n = 0;
    for (let y = 0; y < img.height; y++) {
      for (let x = r.legend.width + 2; x < img.width; x++) {
        const p = pixel(img, x, y);
        if (Math.abs(p[0] - top[0]) + Math.abs(p[1] - top[1]) + Math.abs(p[2] - top[2]) < 40) {
          sx += x;
          sy += y;
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(20);
    const picked = await ok("ui.select", { at: [Math.round(sx / n), Math.round(sy / n)], filter: "nodes" });
    expect(picked.selection.nodes).toHaveLength(1);
    const probe = await ok("solve.probe", { step: "Load", nodes: picked.selection.nodes });
    // Drawn deformed: without the deformation the pixel would fall below the undeformed beam and pick nothing.
    expect(probe.nodes[0].displacement.magnitude).toBeGreaterThan(0.85 * r.field.max);
  });
});
