// Debian's Chromium, headless, software WebGL, no background traffic, a fresh profile per launch; and a
// network log: every request a page makes is recorded, and anything off loopback is aborted.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page, type Request } from "playwright-core";

export const CHROMIUM = process.env.FIELDCRAFT_CHROMIUM ?? "/usr/bin/chromium";
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** Chromium headless with software WebGL and no background traffic, in a fresh profile folder removed on close. */
export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(os.tmpdir(), "fieldcraft-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1024, height: 720 },
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-default-apps",
      "--disable-extensions",
    ],
  });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export interface NetworkLog {
  requests: string[];
  offLoopback: string[];
}

const LOOPBACK = /^(https?|wss?):\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//;

/** Logs every request of the context; requests that leave loopback (or are not data:/blob:/about:) are aborted. */
export async function logNetwork(context: BrowserContext): Promise<NetworkLog> {
  const log: NetworkLog = { requests: [], offLoopback: [] };
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    log.requests.push(url);
    if (LOOPBACK.test(url)) return route.continue();
    log.offLoopback.push(url);
    return route.abort();
  });
  context.on("request", (r: Request) => {
    const url = r.url();
    if (!log.requests.includes(url) && !/^(data|blob|about):/.test(url)) log.requests.push(url);
  });
  return log;
}

export async function waitForScenes(page: Page, count: number, timeout = 30_000): Promise<void> {
  await page.waitForFunction((n) => ((window as any).fieldcraftViewer?.scenes ?? 0) >= n, count, { timeout });
}
