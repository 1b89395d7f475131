import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, CORPUS, startClient, tempDir, type Started } from "./helpers.js";
import { SEED_BATCH } from "../support/seed-session.js";

// The same tool table over the other backend: a running app (`fieldcraft --control 0`) driven through
// `fieldcraft-mcp --connect`, with the SDK Client only.
const APP = path.resolve(CORPUS, "../../../../apps/fieldcraft/dist/cli.js");
const built = fs.existsSync(APP);

let dir: string;
let app: ChildProcess | undefined;
let server: Started;

function startApp(cwd: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [APP, "--control", "0"], { cwd, stdio: ["ignore", "ignore", "pipe"], shell: false });
    let stderr = "";
    const timer = setTimeout(() => reject(new Error(`the app did not say where it listens: ${stderr}`)), 30_000);
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      stderr += text;
      const match = /listening on 127\.0\.0\.1:(\d+)/.exec(stderr);
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.once("exit", (code) => reject(new Error(`the app exited (${code}): ${stderr}`)));
  });
}

beforeAll(async () => {
  if (!built) return;
  dir = tempDir("fc-mcp-bridged-");
  fs.copyFileSync(path.join(CORPUS, "stepped-block", "steps.solidcraft"), path.join(dir, "steps.solidcraft"));
  const started = await startApp(dir);
  app = started.child;
  server = await startClient(["--connect", `127.0.0.1:${started.port}`], dir);
}, 60_000);

afterAll(async () => {
  await server?.close();
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app!.once("exit", resolve));
    app.kill();
    await exited;
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!built)("bridged to a running app", () => {
  test("the session runs in the app: open, mesh, set up, solve, results", async () => {
    expect((await call(server.client, "open", { path: path.join(dir, "steps.solidcraft") })).isError).toBe(false);
    const meshed = await call(server.client, "mesh", { method: "tet", params: { body: "Steps" } });
    expect(meshed.isError, meshed.text).toBe(false);
    const setup = await call(server.client, "batch", { commands: SEED_BATCH });
    expect(setup.isError, setup.text).toBe(false);
    expect((await call(server.client, "solve", { analysis: "static", step: "Load" }, 300_000)).isError).toBe(false);
    const shown = await call(server.client, "show_results", { step: "Load", field: "displacement" });
    expect(shown.isError, shown.text).toBe(false);
    const reactions = await call(server.client, "reactions", { step: "Load" });
    expect(reactions.json.total.force[2]).toBeCloseTo(1000, 3);
  }, 300_000);

  test("select and selection work against the app's viewport", async () => {
    const selected = await call(server.client, "select", { nodes: [1, 2, 3] });
    expect(selected.isError, selected.text).toBe(false);
    const selection = await call(server.client, "selection");
    expect(selection.isError, selection.text).toBe(false);
    expect(selection.json.params).toEqual({ nodes: [1, 2, 3] });
  });

  test("screenshot defaults to the app window, read back from the file the app wrote", async () => {
    const shot = await call(server.client, "screenshot", { width: 400, height: 300 });
    expect(shot.isError, shot.text).toBe(false);
    const png = PNG.sync.read(Buffer.from(shot.content.find((b) => b.type === "image").data, "base64"));
    expect([png.width, png.height]).toEqual([400, 300]);
    expect(JSON.parse(shot.content.find((b) => b.type === "text").text)).toMatchObject({ source: "window", command: "ui.capture" });
    const model = await call(server.client, "screenshot", { source: "model", view: "top", width: 64, height: 64 });
    expect(model.isError, model.text).toBe(false);
    expect(JSON.parse(model.content.find((b) => b.type === "text").text)).toMatchObject({ source: "model", width: 64, height: 64 });
  });

  test("an engine failure in the app is an isError result with its message", async () => {
    const failed = await call(server.client, "execute", { command: "model.material.create", params: { name: "Steel" } });
    expect(failed.isError).toBe(true);
    expect(failed.text).toContain("model.material.create");
  });
});
