// The app's page in a real browser: `fieldcraft --control 0 --view 0` with Chromium (software WebGL) on the
// printed URL, and the agent's side through `fieldcraft-mcp --connect`. The page must show the model (its
// silhouette against the CPU render's), follow the agent's commands live (a contour with a legend after a
// solve), turn a click on the tip face into the app's selection, and fetch nothing beyond its own origin.
import { tmpdir } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUILT, callTool, startApp, startMcp, structured, type RunningApp } from "../support/app.js";
import { HAVE_CHROMIUM, launchBrowser, logNetwork, type NetworkLog } from "../support/browser.js";
import { aspect, overlap, saturatedCount, silhouette } from "../support/silhouette.js";

// The README's screenshots are rewritten only on request, so a test run leaves the checkout as it was.
const DOCS = process.env.FIELDCRAFT_UPDATE_SCREENSHOTS === "1" ? path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs") : path.join(tmpdir(), "fieldcraft-viewer-screenshots");
const VIEWPORT = { width: 1024, height: 720 };

const viewerState = (page: Page) => page.evaluate(() => (window as any).fieldcraftViewer);

describe.skipIf(!BUILT || !HAVE_CHROMIUM)("the app's page in Chromium", () => {
  let app: RunningApp;
  let mcp: Client;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let network: NetworkLog;

  beforeAll(async () => {
    app = await startApp();
    mcp = await startMcp(app.controlPort);
    browser = await launchBrowser();
    network = await logNetwork(browser.context);
    page = await browser.context.newPage();
    await page.setViewportSize(VIEWPORT);
    await page.goto(app.url);
    await page.waitForFunction(() => (window as any).fieldcraftViewer?.scenes >= 1);
  });

  afterAll(async () => {
    await browser?.close();
    await mcp?.close();
    await app?.stop();
  });

  test("the stepped block opened through the bridge appears within a second, and looks like the CPU render", async () => {
    const opened = Date.now();
    await callTool(mcp, "execute", { command: "file.sample", params: { name: "stepped-block" } });
    await page.waitForFunction(() => (window as any).fieldcraftViewer?.header?.source === "mesh", undefined, { timeout: 5_000 });
    const latency = Date.now() - opened;
    expect(latency).toBeLessThan(5_000); // generous for a loaded CI machine; typically well under a second
    const state = await viewerState(page);
    expect(state.header.counts.elements).toBe(1440);
    expect(state.header.face_tags.map((t: any) => t.face)).toContain("F1:+x");
    expect(state.status).toMatch(/live/);

    // The page's canvas against the engine's own render from the same (iso) camera.
    const view = page.locator("#view");
    const box = (await view.boundingBox())!;
    const shot = await page.screenshot();
    const web = silhouette(shot, { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) });
    const render = structured(await callTool(mcp, "execute", { command: "ui.render", params: { view: "iso", width: Math.round(box.width), height: Math.round(box.height) } }));
    const cpu = silhouette(Buffer.from(render.png, "base64"));
    expect(web.count).toBeGreaterThan(0.05 * web.width * web.height); // not a blank canvas
    expect(Math.abs(aspect(web) / aspect(cpu) - 1)).toBeLessThan(0.03);
    expect(overlap(web, cpu)).toBeGreaterThan(0.9);
    // The comparison tells views apart: the same model from the top does not pass as the iso view.
    const top = structured(await callTool(mcp, "execute", { command: "ui.render", params: { view: "top", width: Math.round(box.width), height: Math.round(box.height) } }));
    const other = silhouette(Buffer.from(top.png, "base64"));
    expect(overlap(web, other) < 0.9 || Math.abs(aspect(web) / aspect(other) - 1) > 0.03).toBe(true);
    console.error(`silhouette: iso overlap ${overlap(web, cpu).toFixed(3)} (aspect ${aspect(web).toFixed(2)} vs ${aspect(cpu).toFixed(2)}); top view ${overlap(web, other).toFixed(3)} (aspect ${aspect(other).toFixed(2)})`);
    await callTool(mcp, "execute", { command: "ui.camera", params: { view: "iso" } });
    mkdirSync(DOCS, { recursive: true });
    writeFileSync(path.join(DOCS, "page-setup.png"), shot);
  });

  test("a solve and show_results through the bridge bring a contour with a legend", async () => {
    const before = (await viewerState(page)).scenes;
    await callTool(mcp, "solve", { analysis: "static" });
    const shown = structured(await callTool(mcp, "show_results", { field: "von_mises" }));
    await page.waitForFunction((n) => {
      const v = (window as any).fieldcraftViewer;
      return v.scenes > n && v.header?.field?.name === "von_mises";
    }, before, { timeout: 5_000 });
    const state = await viewerState(page);
    // The page's range is the engine's: the legend shows what show_results reported.
    expect(state.header.field.max).toBeCloseTo(shown.contour.range.max.value, 6);
    expect(state.header.field.min).toBeCloseTo(shown.contour.range.min.value, 6);
    expect(state.header.field.max_node).toBe(shown.contour.range.max.node);
    expect(await page.locator("#legend").isVisible()).toBe(true);
    expect(await page.locator("#legend .title").textContent()).toBe("von_mises [MPa]");
    expect(await page.locator("#legend .band").count()).toBe(state.header.field.bands + 1);
    const shot = await page.locator("#view").screenshot();
    expect(saturatedCount(shot, "red")).toBeGreaterThan(50);
    expect(saturatedCount(shot, "blue")).toBeGreaterThan(500);
    expect(await page.locator("#deform").isVisible()).toBe(true);
    writeFileSync(path.join(DOCS, "page-contour.png"), await page.screenshot());
  });

  test("a click on the tip face becomes the app's selection, which the agent's `selection` tool returns", async () => {
    const point = await page.evaluate(() => (window as any).fieldcraftViewer.facePoint("Steps", "F1:+x"));
    expect(point).not.toBeNull();
    await page.mouse.move(point.x, point.y);
    await page.mouse.down();
    await page.mouse.up();
    await page.waitForFunction(() => (window as any).fieldcraftViewer.selects >= 1);
    expect((await viewerState(page)).lastSelect).toEqual({ ok: true, message: "selected: 1 geometry item" });
    const selection = structured(await callTool(mcp, "selection"));
    expect(selection.selection.geometry).toEqual([{ body: "Steps", face: "F1:+x" }]);
    expect(selection.params).toEqual({ geometry: [{ body: "Steps", face: "F1:+x" }] });
    // The hover panel named what the pointer is on.
    await page.waitForFunction(() => document.getElementById("info")?.textContent?.includes("Steps / F1:+x"), undefined, { timeout: 5_000 });
    // The page shows the selection the app now holds (pushed back like any change).
    await page.waitForFunction(() => (window as any).fieldcraftViewer.header.selection.geometry.length === 1);
    writeFileSync(path.join(DOCS, "page-selected.png"), await page.screenshot());
  });

  test("a box selection of element faces reaches the app as element faces", async () => {
    await page.selectOption("#filter", "faces");
    await page.click("#box");
    const point = await page.evaluate(() => (window as any).fieldcraftViewer.facePoint("Steps", "F1:+x"));
    await page.mouse.move(point.x - 40, point.y - 40);
    await page.mouse.down();
    await page.mouse.move(point.x + 40, point.y + 40, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(() => (window as any).fieldcraftViewer.selects >= 2);
    const selection = structured(await callTool(mcp, "selection"));
    expect(selection.selection.geometry).toEqual([]);
    expect(selection.selection.faces.length).toBeGreaterThan(0);
    await page.click("#box");
  });

  test("a frequency solve brings its mode shapes: the page lists them and shows the one picked, with its own contour", async () => {
    await callTool(mcp, "execute", { command: "model.step.create", params: { name: "Modes", procedure: { type: "frequency", modes: 4 }, boundary_conditions: ["clamp"] } });
    await callTool(mcp, "solve", { analysis: "frequency", step: "Modes" });
    const before = (await viewerState(page)).scenes;
    await callTool(mcp, "show_results", { step: "Modes", mode: 2, field: "displacement" });
    await page.waitForFunction((n) => {
      const v = (window as any).fieldcraftViewer;
      return v.scenes > n && v.header?.animations?.[0]?.kind === "modes";
    }, before, { timeout: 10_000 });
    const modes = structured(await callTool(mcp, "execute", { command: "results.modes", params: { step: "Modes" } }));
    const freqs: number[] = modes.modes.map((m: any) => m.frequency_hz);
    // The selector lists the engine's modes, opened on the one show_results asked for.
    const labels = await page.locator("#entry option").allTextContents();
    expect(labels).toHaveLength(4);
    labels.forEach((label, i) => expect(Number(/: ([\d.e+]+) Hz/.exec(label)![1])).toBeCloseTo(freqs[i], 2));
    expect(await page.locator("#entry").inputValue()).toBe("1");
    const mode2 = await page.locator("#view").screenshot();
    const max2 = (await viewerState(page)).header.field.max;
    // A person picks mode 3: the legend's range becomes mode 3's as the engine reports it, and the picture changes.
    await page.selectOption("#entry", "2");
    await page.waitForFunction(() => (window as any).fieldcraftViewer.header.animations[0].current === 2);
    const state = await viewerState(page);
    const mode3 = await page.locator("#view").screenshot();
    const shown3 = structured(await callTool(mcp, "execute", { command: "results.contour", params: { step: "Modes", mode: 3, field: "displacement" } }));
    expect(state.header.field.max).toBeCloseTo(shown3.contour.range.max.value, 6);
    expect(state.header.field.max_node).toBe(shown3.contour.range.max.node);
    expect(state.header.field.max).not.toBeCloseTo(max2, 6);
    // Another shape with other colours: a good part of the picture changed.
    const a = PNG.sync.read(mode2), b = PNG.sync.read(mode3);
    let changed = 0;
    for (let i = 0; i < a.data.length; i += 4) if (Math.abs(a.data[i] - b.data[i]) + Math.abs(a.data[i + 1] - b.data[i + 1]) + Math.abs(a.data[i + 2] - b.data[i + 2]) > 30) changed++;
    expect(changed).toBeGreaterThan(0.02 * a.width * a.height);
    writeFileSync(path.join(DOCS, "page-mode.png"), await page.screenshot());
  });

  test("nothing was fetched beyond the page's own origin", () => {
    expect(network.offLoopback).toEqual([]);
    const paths = new Set(network.requests.map((u) => {
      const url = new URL(u);
      expect(url.origin).toBe(app.origin);
      return url.pathname;
    }));
    expect([...paths].sort()).toEqual(["/", "/events", "/scene", "/select"]);
  });
});
