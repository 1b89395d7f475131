import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { drawnFraction, imageOf } from "../support/pixels.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, serveSteppedBlockCopy, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH as SETUP } from "../support/seed-session.js";

// Screenshots of the solved stepped block through the built binary: PNG blocks decoded and checked.

let server: SteppedBlockServer;
let design: string;

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-shots-");
  design = server.design;
});

afterAll(async () => {
  await server?.close();
});

describe("screenshot", () => {
  test("set up and solve the stepped block", async () => {
    expect((await call(server.client, "open", { path: design })).isError).toBe(false);
    expect((await call(server.client, "mesh", { method: "tet", params: { body: "Steps" } })).isError).toBe(false);
    expect((await call(server.client, "batch", { commands: SETUP })).isError).toBe(false);
    expect((await call(server.client, "solve", { analysis: "static", step: "Load" }, 300_000)).isError).toBe(false);
    expect((await call(server.client, "show_results", { step: "Load", field: "displacement" })).isError).toBe(false);
  }, 300_000);

  test("screenshot is a PNG of the asked size showing the model", async () => {
    const shot = await call(server.client, "screenshot", { view: "iso", width: 320, height: 240 });
    expect(shot.isError, shot.text).toBe(false);
    const image = shot.content.find((b) => b.type === "image");
    expect(image.mimeType).toBe("image/png");
    const png = PNG.sync.read(Buffer.from(image.data, "base64"));
    expect([png.width, png.height]).toEqual([320, 240]);
    expect(drawnFraction(png)).toBeGreaterThan(0.05);
    const description = JSON.parse(shot.content.find((b) => b.type === "text").text);
    expect(description).toMatchObject({ source: "model", width: 320, height: 240, view: "iso", camera: { view: "iso", yaw: -45 } });
  });

  test("picture sides are clamped to 16..4096", async () => {
    const shot = await call(server.client, "screenshot", { width: 3, height: 20 });
    expect(shot.isError, shot.text).toBe(false);
    const png = imageOf(shot);
    expect([png.width, png.height]).toEqual([16, 20]);
  });

  test("a camera orientation is kept for the next picture, and `path` writes a copy inside the folder", async () => {
    const turned = await call(server.client, "screenshot", { camera: { yaw: 30, pitch: 20 }, width: 64, height: 48 });
    expect(turned.isError, turned.text).toBe(false);
    const file = path.join(server.dir, "shot.png");
    const again = await call(server.client, "screenshot", { width: 64, height: 48, path: file });
    expect(again.isError, again.text).toBe(false);
    const inline = Buffer.from(again.content.find((b) => b.type === "image").data, "base64");
    expect(fs.readFileSync(file).equals(inline)).toBe(true);
    expect(inline.equals(Buffer.from(turned.content.find((b) => b.type === "image").data, "base64"))).toBe(true);
  });

  test("view and camera together are refused; a window picture needs the app", async () => {
    const both = await call(server.client, "screenshot", { view: "iso", camera: { yaw: 0, pitch: 0 } });
    expect(both.isError).toBe(true);
    expect(both.text).toContain("not both");
    const window = await call(server.client, "screenshot", { source: "window" });
    expect(window.isError).toBe(true);
    expect(window.text).toContain("--connect");
  });
});
