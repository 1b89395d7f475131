// Hostile pages in a real browser: the viewer's URL without its token is refused, and a page from another
// origin (another loopback port) cannot drive the app even when it knows the token: its fetches, its event
// stream, its form post and its frame all fail, and the app's selection stays empty.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUILT, callTool, startApp, startMcp, structured, type RunningApp } from "../support/app.js";
import { HAVE_CHROMIUM, launchBrowser } from "../support/browser.js";

function evilPage(viewOrigin: string, token: string): string {
  const body = JSON.stringify({ geometry: [{ body: "Steps", face: "F1:+x" }] });
  return `<!doctype html><html><body><h1>cat pictures</h1>
<iframe id="f" src="${viewOrigin}/?token=${token}"></iframe>
<form id="form" method="POST" action="${viewOrigin}/select?token=${token}" target="sink"><input name="geometry" value="x"></form><iframe name="sink"></iframe>
<script>
const report = {};
const attempt = async (name, fn) => { try { report[name] = await fn(); } catch (e) { report[name] = "failed: " + e.message; } };
(async () => {
  await attempt("cors post", async () => { const r = await fetch("${viewOrigin}/select?token=${token}", { method: "POST", headers: { "content-type": "application/json", "x-fieldcraft-token": "${token}" }, body: ${JSON.stringify(body)} }); return "status " + r.status; });
  await attempt("no-cors post", async () => { const r = await fetch("${viewOrigin}/select?token=${token}", { method: "POST", mode: "no-cors", headers: { "content-type": "text/plain" }, body: ${JSON.stringify(body)} }); return "opaque " + r.type; });
  await attempt("read scene", async () => { const r = await fetch("${viewOrigin}/scene?token=${token}"); return "status " + r.status + " " + (await r.arrayBuffer()).byteLength; });
  await attempt("event stream", () => new Promise((resolve) => { const es = new EventSource("${viewOrigin}/events?token=${token}"); es.addEventListener("scene", () => { es.close(); resolve("got a scene event"); }); es.onerror = () => { es.close(); resolve("failed: error event"); }; }));
  document.getElementById("form").submit();
  await new Promise((r) => setTimeout(r, 800));
  window.evilReport = report;
})();
</script></body></html>`;
}

describe.skipIf(!BUILT || !HAVE_CHROMIUM)("hostile pages", () => {
  let app: RunningApp;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let evil: http.Server;
  let evilOrigin: string;
  const evilRequests: string[] = [];

  beforeAll(async () => {
    app = await startApp();
    evil = http.createServer((req, res) => {
      evilRequests.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html" });
      res.end(evilPage(app.origin, app.token));
    });
    await new Promise<void>((r) => evil.listen(0, "127.0.0.1", () => r()));
    evilOrigin = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    evil?.close();
    await app?.stop();
  });

  test("the viewer's address without the token shows a refusal and loads nothing", async () => {
    const page = await browser.context.newPage();
    const requests: string[] = [];
    page.on("request", (r) => requests.push(r.url()));
    const response = await page.goto(`${app.origin}/`);
    expect(response?.status()).toBe(401);
    expect(await page.textContent("body")).toMatch(/token required/);
    expect(requests).toEqual([`${app.origin}/`]);
    await page.close();
  });

  test("a page from another origin cannot drive the app, even knowing the token", async () => {
    const agent = await startMcp(app.controlPort);
    await callTool(agent, "execute", { command: "file.sample", params: { name: "stepped-block" } });

    const page = await browser.context.newPage();
    const framed: number[] = [];
    page.on("response", (r) => {
      if (r.url().startsWith(app.origin)) framed.push(r.status());
    });
    await page.goto(evilOrigin);
    await page.waitForFunction(() => (window as any).evilReport !== undefined, undefined, { timeout: 30_000 });
    const report = await page.evaluate(() => (window as any).evilReport);
    expect(report["cors post"]).toMatch(/^failed/); // the preflight is refused
    expect(report["read scene"]).toMatch(/^failed/); // no CORS permission to read
    expect(report["event stream"]).toBe("failed: error event");
    expect(report["no-cors post"]).toMatch(/^(opaque opaque|failed)/); // sent blind (CORP hides even the opaque reply); refused below
    // Every request that reached the viewer from that page was refused.
    expect(framed.length).toBeGreaterThan(0);
    expect(framed.every((s) => s >= 400)).toBe(true);
    // The framed viewer page was refused too (cross-site), so it never ran inside the other page.
    const viewerFrame = page.frames().find((f) => f.url().startsWith(app.origin));
    expect(viewerFrame ? await viewerFrame.evaluate(() => (window as any).fieldcraftViewer === undefined) : true).toBe(true);

    const selection = structured(await callTool(agent, "selection"));
    expect(selection.empty).toBe(true);
    expect(app.stderr()).not.toMatch(/ui\.select /);
    await agent.close();
    await page.close();
  });
});
