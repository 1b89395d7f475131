// `fieldcraft-mcp --connect` end to end: the SDK Client over stdio to the built MCP server, bridged over
// loopback to the spawned app. Same numbers as headless, the app's state follows, selection works, and an
// app killed mid-solve gives a clear error while the server keeps serving.
import { afterEach, describe, expect, it } from "vitest";
import { connectToApp } from "@mcp-wrappers/fieldcraft-control";
import { call, startClient, type Started } from "./integration/helpers.js";
import { SEED_BATCH, startFieldcraft, writeSteps, type RunningApp } from "./bridged-helpers.js";

const apps: RunningApp[] = [];
const servers: Started[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close().catch(() => {})));
  await Promise.all(apps.splice(0).map((a) => a.stop()));
});

async function bridgedServer() {
  const app = await startFieldcraft({ defaultPortFile: true });
  apps.push(app);
  const server = await startClient(["--connect", `127.0.0.1:${app.port}`], app.dir);
  servers.push(server);
  return { app, server };
}

function untimed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(untimed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !/seconds|_ms$|^ms$|elapsed/i.test(k)).map(([k, v]) => [k, untimed(v)]));
}

describe("bridged MCP server", () => {
  it("runs the seed's typical session with the same numbers as headless, and the app shows the changes", async () => {
    const { app, server } = await bridgedServer();
    const headless = await startClient([], app.dir);
    servers.push(headless);
    expect(server.stderr()).not.toMatch(/running a headless session/);
    // The startup note, in words (it once read "serving a bridged to fieldcraft").
    expect(server.stderr()).toMatch(/serving a session bridged to fieldcraft \S+ at 127\.0\.0\.1:\d+; /);
    const design = await writeSteps(app.dir);

    const both = async (tool: string, args: Record<string, unknown>) => {
      const b = await call(server.client, tool, args);
      const h = await call(headless.client, tool, args);
      expect(b.isError, `${tool} bridged: ${b.text}`).toBe(false);
      expect(h.isError, `${tool} headless: ${h.text}`).toBe(false);
      return { b: b.json, h: h.json };
    };
    await both("open", { path: design });
    const inspected = await both("inspect_model", {});
    expect(untimed(inspected.b)).toEqual(untimed(inspected.h));
    const meshed = await both("mesh", { method: "tet", params: { body: "Steps", tolerance: 0.5 } });
    expect(meshed.b.info.counts).toEqual(meshed.h.info.counts);
    await both("batch", { commands: SEED_BATCH });
    await both("solve", { analysis: "static", step: "Load" });
    const shown = await both("show_results", { step: "Load", field: "displacement" });
    expect(shown.b.contour.range).toEqual(shown.h.contour.range);
    const beam = (h: number) => (1000 * 100 ** 3) / (3 * 210000 * ((20 * h ** 3) / 12));
    expect(shown.b.contour.range.max.value).toBeGreaterThan(beam(20));
    expect(shown.b.contour.range.max.value).toBeLessThan(beam(10) * 1.2);
    const reactions = await both("reactions", { step: "Load" });
    expect(untimed(reactions.b)).toEqual(untimed(reactions.h));

    // A person (a second client on the channel) sees what the agent did.
    const watcher = await connectToApp({ host: "127.0.0.1", port: app.port });
    if (!watcher.ok) throw new Error(watcher.error);
    const info = await watcher.client.call("model.info");
    expect(JSON.stringify(info)).toContain("Steel");
    const described = await watcher.client.call("describe");
    expect(described).toMatchObject({ ok: true, result: { activity: { failures: 0 } } });
    watcher.client.close();
    expect(app.stderr()).toMatch(/model\.material\.create ok/);
    expect(app.stderr()).toMatch(/solve\.static ok/);
  });

  it("select and selection work bridged; headless they are tool errors", async () => {
    const { app, server } = await bridgedServer();
    await call(server.client, "open", { path: await writeSteps(app.dir) });
    await call(server.client, "mesh", { method: "tet", params: { body: "Steps", tolerance: 0.5 } });
    const selected = await call(server.client, "select", { geometry: [{ body: "Steps", face: "F1:+x" }] });
    expect(selected.isError, selected.text).toBe(false);
    const selection = await call(server.client, "selection", {});
    expect(selection.isError, selection.text).toBe(false);
    expect(selection.json.params).toEqual({ geometry: [{ body: "Steps", face: "F1:+x" }] });
    const created = await call(server.client, "execute", { command: "model.set.create", params: { name: "picked", ...selection.json.params } });
    expect(created.isError, created.text).toBe(false);
    expect(created.json.members?.nodes ?? created.json.result?.members?.nodes).toBe(selection.json.resolved.nodes);

    const headless = await startClient([], app.dir);
    servers.push(headless);
    const refused = await call(headless.client, "select", { at: [10, 10] });
    expect(refused.isError).toBe(true);
    expect(refused.text).toMatch(/needs the running app/);
  });

  it("an app killed mid-solve: a clear error, the server keeps serving, and the next call says the app is gone", async () => {
    const { app, server } = await bridgedServer();
    await call(server.client, "open", { path: await writeSteps(app.dir) });
    expect((await call(server.client, "mesh", { method: "tet", params: { body: "Steps", size: 4 } })).isError).toBe(false);
    expect((await call(server.client, "batch", { commands: SEED_BATCH })).isError).toBe(false);

    // Kill at the first progress report of the solve (or after 1.5 s if none comes): either way mid-solve.
    let killed = false;
    const kill = () => {
      if (!killed) {
        killed = true;
        app.child.kill("SIGKILL");
      }
    };
    const timer = setTimeout(kill, 1500);
    const result = (await server.client.callTool(
      { name: "solve", arguments: { analysis: "static", step: "Load" } },
      undefined,
      { timeout: 120_000, onprogress: kill },
    )) as { content: { type: string; text?: string }[]; isError?: boolean };
    clearTimeout(timer);
    expect(killed).toBe(true);
    expect(result.isError).toBe(true);
    const text = result.content.map((c) => c.text ?? "").join("\n");
    expect(text).toMatch(/went away before replying to solve\.static/);
    expect(text).toMatch(/may have been applied/);
    expect((await app.exited).signal).toBe("SIGKILL");

    // The MCP server still answers, and says the app is gone.
    const tools = await server.client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain("solve");
    const next = await call(server.client, "inspect_model");
    expect(next.isError).toBe(true);
    expect(next.text).toMatch(/is gone/);
  });

  it("an app that cannot be reached at start gives a headless session and a note on stderr", async () => {
    const app = await startFieldcraft({ defaultPortFile: true });
    const port = app.port;
    await app.stop();
    const server = await startClient(["--connect", `127.0.0.1:${port}`], app.dir);
    servers.push(server);
    const refused = await call(server.client, "select", { nodes: [1] });
    expect(refused.isError).toBe(true);
    expect(server.stderr()).toMatch(/cannot reach the app at 127\.0\.0\.1:\d+ .*running a headless session instead/);
  });
});
