// The MCP App: fieldcraft-mcp offers the viewer as `ui://fieldcraft/viewer` (the extension's MIME type and
// CSP metadata) and links show_results, mesh and inspect_model to it. A host page written here with the
// extension's host side renders it in a sandboxed iframe in Chromium and it shows the model from a real
// show_results result, reading the scene through the host; the iframe fetches nothing.
import { tmpdir } from "node:os";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { build } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUILT, callTool, startMcp, structured } from "../support/app.js";
import { HAVE_CHROMIUM, launchBrowser, logNetwork, type NetworkLog } from "../support/browser.js";
import { saturatedCount, silhouette } from "../support/silhouette.js";

const here = path.dirname(fileURLToPath(import.meta.url));
// The README's screenshots are rewritten only on request, so a test run leaves the checkout as it was.
const DOCS = process.env.FIELDCRAFT_UPDATE_SCREENSHOTS === "1" ? path.resolve(here, "../../docs") : path.join(tmpdir(), "fieldcraft-viewer-screenshots");
const URI = "ui://fieldcraft/viewer";

async function hostScript(): Promise<string> {
  const out = await build({ entryPoints: [path.join(here, "../support/host-page.ts")], bundle: true, format: "iife", platform: "browser", write: false, logLevel: "warning" });
  return out.outputFiles[0].text.replace(/<\/script/gi, "<\\/script");
}

describe.skipIf(!BUILT)("the viewer as an MCP App resource", () => {
  let mcp: Client;
  beforeAll(async () => {
    mcp = await startMcp();
  });
  afterAll(async () => {
    await mcp?.close();
  });

  test("resources/read gives the bundle with the extension's MIME type and a CSP that allows no network", async () => {
    const listed = (await mcp.listResources()).resources.find((r) => r.uri === URI);
    expect(listed?.mimeType).toBe("text/html;profile=mcp-app");
    const read = await mcp.readResource({ uri: URI });
    const item = read.contents[0] as any;
    expect(item.mimeType).toBe("text/html;profile=mcp-app");
    expect(item._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [] });
    expect(item._meta.ui.prefersBorder).toBe(true);
    // One self-contained file: an inline script, no external script, style or link.
    expect(item.text).toMatch(/^<!doctype html>/i);
    expect(item.text).not.toMatch(/<script[^>]+src=/i);
    expect(item.text).not.toMatch(/<link[^>]+href="(?!data:)/i);
    expect(item.text).not.toMatch(/https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\.[a-z]{2,}\/[^"'\s]*\.(js|css|woff2?)/i);
  });

  test("show_results, mesh and inspect_model link the viewer; other tools do not", async () => {
    const tools = (await mcp.listTools()).tools;
    const linked = tools.filter((t) => (t._meta as any)?.ui?.resourceUri === URI).map((t) => t.name).sort();
    expect(linked).toEqual(["inspect_model", "mesh", "show_results"]);
  });
});

describe.skipIf(!BUILT || !HAVE_CHROMIUM)("the MCP App in a test host in Chromium", () => {
  let mcp: Client;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let network: NetworkLog;

  beforeAll(async () => {
    mcp = await startMcp();
    browser = await launchBrowser();
    network = await logNetwork(browser.context);
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1100, height: 760 });
  });
  afterAll(async () => {
    await browser?.close();
    await mcp?.close();
  });

  test("a show_results result renders the model with its contour inside the host's iframe", async () => {
    await callTool(mcp, "execute", { command: "file.sample", params: { name: "stepped-block" } });
    await callTool(mcp, "solve", { analysis: "static" });
    const args = { field: "displacement" };
    const result = await callTool(mcp, "show_results", args);
    const shown = structured(result);
    const tool = (await mcp.listTools()).tools.find((t) => t.name === "show_results")!;
    const read = (await mcp.readResource({ uri: (tool._meta as any).ui.resourceUri })).contents[0] as any;

    const reads: string[] = [];
    await page.exposeFunction("hostReadResource", async (params: { uri: string }) => {
      reads.push(params.uri);
      return mcp.readResource(params);
    });
    await page.exposeFunction("hostCallTool", async (params: { name: string; arguments?: Record<string, unknown> }) => mcp.callTool(params));
    await page.setContent(
      `<!doctype html><html><head><title>test host</title><style>body{font:14px system-ui;margin:16px} .answer{max-width:900px;background:#f3f4f6;border-radius:8px;padding:10px 14px;margin-bottom:10px} iframe{width:1000px;border:1px solid #ccd;border-radius:8px}</style></head>` +
        `<body><div class="answer"><b>Agent:</b> The largest displacement is ${shown.contour.range.max.value.toFixed(4)} mm at node ${shown.contour.range.max.node}.</div><div id="app-slot"></div>` +
        `<script>${await hostScript()}</script></body></html>`,
    );
    await page.evaluate((input) => window.showInHost(input), { html: read.text, csp: read._meta.ui.csp, toolName: "show_results", toolArgs: args, toolResult: result });
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    await frame.waitForFunction(() => (window as any).fieldcraftViewer?.scenes >= 1, undefined, { timeout: 30_000 });
    const state = await frame.evaluate(() => (window as any).fieldcraftViewer);
    expect(state.transport).toBe("mcp-app");
    expect(state.error).toBeNull();
    expect(reads).toEqual(["fieldcraft://view/scene"]);
    expect(state.header.field.name).toBe("displacement");
    expect(state.header.field.max).toBeCloseTo(shown.contour.range.max.value, 6);
    expect(state.header.field.max_node).toBe(shown.contour.range.max.node);
    expect(state.header.counts.elements).toBe(1440);
    // The app told the host a real height, and the host's frame (sized by it alone) is that tall.
    const sizes = (await page.evaluate(() => window.hostLog)).filter((l: string) => l.startsWith("size: ")).map((l: string) => Number(l.split("x")[1]));
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes[sizes.length - 1]).toBeGreaterThanOrEqual(480);
    expect(Math.round((await page.locator("iframe").boundingBox())!.height)).toBe(sizes[sizes.length - 1] + 2);
    // The iframe shows the model: its region holds the surface and both ends of the rainbow.
    const shot = await page.locator("iframe").screenshot();
    expect(silhouette(shot).count).toBeGreaterThan(2000);
    expect(saturatedCount(shot, "red")).toBeGreaterThan(50);
    expect(saturatedCount(shot, "blue")).toBeGreaterThan(200);
    expect(await frame.locator("#legend .title").textContent()).toBe("displacement [mm]");
    mkdirSync(DOCS, { recursive: true });
    writeFileSync(path.join(DOCS, "mcp-app-host.png"), await page.screenshot());
  });

  test("a click on the tip face in the iframe selects it on the headless server, which `selection` returns", async () => {
    const frame = page.frames().find((f) => f !== page.mainFrame())!;
    const point = await frame.evaluate(() => (window as any).fieldcraftViewer.facePoint("Steps", "F1:+x"));
    expect(point).not.toBeNull();
    const box = (await page.locator("iframe").boundingBox())!;
    // The iframe's client coordinates plus its place in the host page (1 px border).
    await page.mouse.click(box.x + 1 + point.x, box.y + 1 + point.y);
    await frame.waitForFunction(() => (window as any).fieldcraftViewer.selects >= 1, undefined, { timeout: 10_000 });
    expect((await frame.evaluate(() => (window as any).fieldcraftViewer.lastSelect)).ok).toBe(true);
    const selection = structured(await callTool(mcp, "selection"));
    expect(selection.selection.geometry).toEqual([{ body: "Steps", face: "F1:+x" }]);
    expect(selection.params).toEqual({ geometry: [{ body: "Steps", face: "F1:+x" }] });
  });

  test("the iframe made no network request at all", () => {
    // The host page was set from memory and the app reads through the bridge: nothing may be requested.
    expect(network.offLoopback).toEqual([]);
    expect(network.requests.filter((u) => !u.startsWith("data:"))).toEqual([]);
  });
});
