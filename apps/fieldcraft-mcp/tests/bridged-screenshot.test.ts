// Bridged screenshots: the app draws, writes the PNG to a temp file the server chose, the server reads it,
// returns it as an image block and deletes the file. Window (ui.capture) by default, model (ui.render) on request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PNG } from "pngjs";
import { startClient, type Started } from "./integration/helpers.js";
import { startFieldcraft, writeSteps, type RunningApp } from "./bridged-helpers.js";

let app: RunningApp;
let server: Started;
const shots = () => readdirSync(tmpdir()).filter((n) => n.startsWith("fieldcraft-mcp-shot-"));

beforeAll(async () => {
  app = await startFieldcraft({ defaultPortFile: true });
  server = await startClient(["--connect", `127.0.0.1:${app.port}`], app.dir);
  await server.client.callTool({ name: "open", arguments: { path: await writeSteps(app.dir) } });
  await server.client.callTool({ name: "mesh", arguments: { method: "tet", params: { body: "Steps", tolerance: 0.5 } } });
});
afterAll(async () => {
  await server?.close();
  await app?.stop();
});

type Block = { type: string; data?: string; mimeType?: string; text?: string };
async function screenshot(args: Record<string, unknown>) {
  const r = (await server.client.callTool({ name: "screenshot", arguments: args }, undefined, { timeout: 120_000 })) as { content: Block[]; isError?: boolean };
  const image = r.content.find((b) => b.type === "image");
  const text = r.content.find((b) => b.type === "text")?.text ?? "";
  return { r, image, text };
}

describe("bridged screenshot", () => {
  it("defaults to the app window, returned as a PNG image block; the temp file is gone afterwards", async () => {
    const before = shots();
    const { r, image, text } = await screenshot({ view: "iso", width: 640, height: 480 });
    expect(r.isError, text).not.toBe(true);
    expect(image?.mimeType).toBe("image/png");
    const img = PNG.sync.read(Buffer.from(image!.data!, "base64"));
    expect([img.width, img.height]).toEqual([640, 480]);
    // The window's title bar colour at the top: this is ui.capture's window, not a bare render.
    expect([...img.data.subarray(4 * 320, 4 * 320 + 3)]).toEqual([38, 50, 66]);
    expect(text).toMatch(/"source":\s*"window"/);
    expect(shots()).toEqual(before);
    expect(app.stderr()).toMatch(/ui\.capture ok/);
  });

  it("source model is the app's ui.render with the app's camera, and `path` also keeps a copy", async () => {
    const copy = join(app.dir, "copy.png");
    const { r, image, text } = await screenshot({ source: "model", camera: { yaw: 30, pitch: 20 }, width: 300, height: 200, path: copy });
    expect(r.isError, text).not.toBe(true);
    const img = PNG.sync.read(Buffer.from(image!.data!, "base64"));
    expect([img.width, img.height]).toEqual([300, 200]);
    expect(existsSync(copy)).toBe(true);
    expect(readFileSync(copy).equals(Buffer.from(image!.data!, "base64"))).toBe(true);
    // The camera is the app's: a later describe from the channel shows it.
    expect(text).toMatch(/"yaw":\s*30/);
  });
});
