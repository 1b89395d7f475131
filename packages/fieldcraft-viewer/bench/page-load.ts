// Page load of a 1M-element model against the stepped block, in the same run: the app (`fieldcraft --view 0`)
// driven by `fieldcraft-mcp --connect`, Chromium (software WebGL) on the page. A report, not a test:
//   pnpm bench                (after `pnpm build` at the root)
//   pnpm bench --size 0.56    (mesh size for the large model; 0.56 gives about 1M C3D4 elements)
import { parseArgs } from "node:util";
import { callTool, startApp, startMcp, structured } from "../tests/support/app.js";
import { HAVE_CHROMIUM, launchBrowser } from "../tests/support/browser.js";

const { values } = parseArgs({ options: { size: { type: "string", default: "0.56" }, order: { type: "string", default: "1" } } });

interface Measure {
  elements: number;
  triangles: number;
  sceneBytes: number;
  /** Navigation to the model drawn (scene fetched, decoded, first frame rendered). */
  loadMs: number;
  /** Decode and build in the page. */
  pageMs: number;
  /** GET /scene on a fresh revision: the server's extraction and packing, plus transfer. */
  sceneMs: number;
}

async function measure(mesh: Record<string, unknown> | null): Promise<Measure> {
  const app = await startApp();
  const mcp = await startMcp(app.controlPort);
  const browser = await launchBrowser();
  try {
    await callTool(mcp, "execute", { command: "file.sample", params: { name: "stepped-block" } });
    if (mesh) await callTool(mcp, "mesh", { method: "tet", params: mesh });
    const info = structured(await callTool(mcp, "execute", { command: "model.info" }));
    const t0 = performance.now();
    const r = await fetch(`${app.origin}/scene?token=${app.token}`);
    const bytes = (await r.arrayBuffer()).byteLength;
    const sceneMs = performance.now() - t0;
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const t1 = performance.now();
    await page.goto(app.url);
    await page.waitForFunction(() => (window as any).fieldcraftViewer?.header?.source === "mesh", undefined, { timeout: 300_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const loadMs = performance.now() - t1;
    const state = await page.evaluate(() => (window as any).fieldcraftViewer);
    return { elements: info.mesh?.elements ?? state.header.counts.elements, triangles: state.header.counts.triangles, sceneBytes: bytes, loadMs, pageMs: state.loadMs, sceneMs };
  } finally {
    await browser.close();
    await mcp.close();
    await app.stop();
  }
}

if (!HAVE_CHROMIUM) {
  process.stderr.write("bench: no Chromium at /usr/bin/chromium (apt-get install chromium)\n");
  process.exit(1);
}
const small = await measure(null);
const large = await measure({ size: Number(values.size), order: Number(values.order) });
const row = (name: string, m: Measure) =>
  `${name.padEnd(14)} ${String(m.elements).padStart(9)} ${String(m.triangles).padStart(10)} ${(m.sceneBytes / 1048576).toFixed(2).padStart(9)} ${m.sceneMs.toFixed(0).padStart(9)} ${m.pageMs.toFixed(0).padStart(8)} ${m.loadMs.toFixed(0).padStart(8)}`;
console.log("model          elements  triangles  scene MiB  scene ms  page ms  load ms");
console.log(row("stepped block", small));
console.log(row("large", large));
console.log(
  `ratios large/small: elements ${(large.elements / small.elements).toFixed(0)}x, scene bytes ${(large.sceneBytes / small.sceneBytes).toFixed(1)}x, ` +
    `load ${(large.loadMs / small.loadMs).toFixed(2)}x (scene ms: server extraction + packing + loopback transfer; page ms: decode + three.js build; load ms: navigation to first frame)`,
);
