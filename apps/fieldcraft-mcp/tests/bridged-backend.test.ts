// The bridged Backend against the real app over loopback: what it says it is, commands and failures
// through the channel, selection, lost replies that are never resent, and an app killed mid-solve.
import { readFileSync as readPackageFile } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { connectBridgedBackend } from "../src/backend/bridged/index.js";
import type { Backend } from "../src/backend/types.js";
import { SEED_BATCH, startFieldcraft, writeSteps, type RunningApp } from "./bridged-helpers.js";

/** The app reports its own package version. */
const APP_PACKAGE_VERSION = (JSON.parse(readPackageFile(new URL("../../fieldcraft/package.json", import.meta.url), "utf8")) as { version: string }).version;

const apps: RunningApp[] = [];
const backends: Backend[] = [];
afterEach(async () => {
  await Promise.all(backends.splice(0).map((b) => b.close()));
  await Promise.all(apps.splice(0).map((a) => a.stop()));
});

async function bridged(options: { callTimeoutMs?: number } = {}) {
  const app = await startFieldcraft();
  apps.push(app);
  const backend = await connectBridgedBackend({ host: "127.0.0.1", port: app.port, portFile: app.portFile, ...options });
  if ("error" in backend) throw new Error(backend.error);
  backends.push(backend);
  return { app, backend };
}

async function describeApp(backend: Backend) {
  // `describe` is a channel method; the backend's execute reaches it like any other.
  const d = await backend.execute("describe", {});
  if (!d.ok) throw new Error(d.error);
  return d.result as { activity: { commands: number; last: { command: string } | null } };
}

describe("connecting", () => {
  it("describes a bridged app with a UI and takes the app's catalogue", async () => {
    const { app, backend } = await bridged();
    expect(backend.describe()).toEqual({ kind: "bridged", name: "fieldcraft", version: APP_PACKAGE_VERSION, hasUi: true, target: `127.0.0.1:${app.port}` });
    expect(backend.hasUi).toBe(true);
    const ids = (await backend.catalogue()).map((c) => c.id);
    for (const id of ["model.info", "mesh.tet.generate", "solve.static", "ui.capture", "ui.select", "ui.selection"]) expect(ids).toContain(id);
  });

  it("an app that is not there, or a port file that is missing, is an error value naming why", async () => {
    const app = await startFieldcraft();
    const port = app.port;
    await app.stop();
    const gone = await connectBridgedBackend({ host: "127.0.0.1", port, token: null });
    expect(gone).toEqual({ error: expect.stringMatching(/cannot reach the app at 127\.0\.0\.1:\d+: connection refused/) });
    const noFile = await connectBridgedBackend({ host: "127.0.0.1", port, portFile: `${app.dir}/none.json` });
    expect(noFile).toEqual({ error: expect.stringMatching(/cannot find the token for port \d+: no port file/) });
    const far = await connectBridgedBackend({ host: "192.0.2.1", port: 7070, token: null });
    expect(far).toEqual({ error: expect.stringMatching(/loopback only/) });
  });
});

describe("commands through the bridge", () => {
  it("runs commands, passes the engine's failures through, and selects in the app", async () => {
    const { app, backend } = await bridged();
    expect(await backend.execute("model.units", { system: "mm-t-s-N-MPa" })).toMatchObject({ ok: true });
    const bad = await backend.execute("model.units", { system: "furlongs" });
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/model\.units/) });
    const unknown = await backend.execute("model.explode", {});
    expect(unknown).toMatchObject({ ok: false, error: expect.stringMatching(/unknown method/) });

    await backend.execute("geometry.open", { path: await writeSteps(app.dir) });
    const selected = await backend.execute("ui.select", { geometry: [{ body: "Steps", face: "F1:+x" }] });
    expect(selected).toMatchObject({ ok: true, result: { params: { geometry: [{ body: "Steps", face: "F1:+x" }] } } });
    const selection = await backend.execute("ui.selection", {});
    expect(selection).toMatchObject({ ok: true, result: { counts: { geometry: 1 } } });
  });
});

describe("when the app goes away", () => {
  it("SIGKILL mid-solve: a clear error at once (not the time limit), never resent, and the next call says the app is gone", async () => {
    // A generous time limit: the test shows the loss is reported because the socket closed, long before it.
    const { app, backend } = await bridged({ callTimeoutMs: 120_000 });
    await backend.execute("geometry.open", { path: await writeSteps(app.dir) });
    expect(await backend.execute("mesh.tet.generate", { body: "Steps", size: 4 })).toMatchObject({ ok: true });
    for (const { command, params } of SEED_BATCH) expect(await backend.execute(command, params), command).toMatchObject({ ok: true });

    let killedAt = 0;
    const started = Date.now();
    const solved = await backend.execute("solve.static", { step: "Load" }, {
      onProgress: () => {
        if (killedAt === 0) {
          killedAt = Date.now();
          app.child.kill("SIGKILL");
        }
      },
    });
    expect(killedAt).toBeGreaterThan(0);
    expect(solved.ok).toBe(false);
    if (solved.ok) return;
    expect(solved.error).toMatch(/went away before replying to solve\.static/);
    expect(solved.error).toMatch(/may have been applied: it was not resent\. Inspect the model/);
    expect(solved.details).toMatchObject({ code: "reply_lost", command: "solve.static", sent: true, may_have_applied: true });
    expect(Date.now() - started).toBeLessThan(120_000);
    expect((await app.exited).signal).toBe("SIGKILL");

    const next = await backend.execute("model.info", {});
    expect(next).toMatchObject({ ok: false, details: { code: "app_gone", sent: false } });
    if (!next.ok) expect(next.error).toMatch(/the app at 127\.0\.0\.1:\d+ is gone .*model\.info was not sent/);
  });

  it("a reply that does not come in time fails the call, is not resent, and the app keeps serving", async () => {
    const { app, backend: setup } = await bridged();
    await setup.execute("geometry.open", { path: await writeSteps(app.dir) });
    expect(await setup.execute("mesh.tet.generate", { body: "Steps", size: 2.5 })).toMatchObject({ ok: true });
    for (const { command, params } of SEED_BATCH) expect(await setup.execute(command, params), command).toMatchObject({ ok: true });
    const before = (await describeApp(setup)).activity.commands;

    // A second bridge to the same app with a short time limit: a solve of this mesh takes seconds.
    const hasty = await connectBridgedBackend({ host: "127.0.0.1", port: app.port, portFile: app.portFile, callTimeoutMs: 500 });
    if ("error" in hasty) throw new Error(hasty.error);
    backends.push(hasty);
    const solved = await hasty.execute("solve.static", { step: "Load" });
    expect(solved).toMatchObject({ ok: false, details: { code: "reply_timeout", command: "solve.static", sent: true, may_have_applied: true } });
    if (!solved.ok) expect(solved.error).toMatch(/no reply to solve\.static .* within 1 s\. solve\.static changes the model and may have been applied: it was not resent/);

    // The app still serves (model.info queues behind the solve), and ran the solve once: the bridge asked it
    // to stop and never sent it again.
    expect(await setup.execute("model.info", {})).toMatchObject({ ok: true });
    const after = await describeApp(setup);
    expect(after.activity.commands).toBe(before + 2);
    expect(app.stderr().match(/solve\.static (ok|failed)/g)).toHaveLength(1);
  });
});
