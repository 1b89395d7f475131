// The spawned `fieldcraft` binary on real loopback sockets: start-up, the port file, authentication,
// the channel's refusals, flags, and the seed's typical session giving the same numbers as in-process.
import { readFileSync as readPackageFile } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "node:net";
import { readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ControlClient, connectToApp, generateToken } from "@mcp-wrappers/fieldcraft-control";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { runApp, SEED_BATCH, startApp, stopApp, writeSteps, type AppProcess } from "./helpers/app-process.js";

const APP_PACKAGE_VERSION = (JSON.parse(readPackageFile(new URL("../package.json", import.meta.url), "utf8")) as { version: string }).version;

const apps: AppProcess[] = [];
const clients: ControlClient[] = [];
async function app(args: string[] = []) {
  const a = await startApp(args);
  apps.push(a);
  return a;
}
async function client(a: AppProcess) {
  const c = await connectToApp({ host: "127.0.0.1", port: a.port, portFile: a.portFile });
  if (!c.ok) throw new Error(c.error);
  clients.push(c.client);
  return c.client;
}
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(apps.splice(0).map(stopApp));
});

/** A result without its wall-clock timings (they differ run to run; everything else must not). */
function untimed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(untimed);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !/seconds|_ms$|^ms$|elapsed/i.test(k)).map(([k, v]) => [k, untimed(v)]));
}

/** Sends raw text and collects what comes back until the server closes the connection. */
function rawExchange(port: number, text: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: "127.0.0.1", port }, () => s.write(text));
    let got = "";
    s.on("data", (d) => (got += d));
    s.on("error", () => {});
    s.on("close", () => resolve(got.split("\n").filter(Boolean)));
    setTimeout(() => reject(new Error(`the app kept the connection open; got ${got}`)), 20_000).unref();
  });
}

describe("start-up", () => {
  it("says where it listens, writes a 0600 port file with its pid, and removes it on SIGTERM", async () => {
    const a = await app();
    expect(a.stderr()).toMatch(new RegExp(`listening on 127\\.0\\.0\\.1:${a.port} \\(port file .*token required\\)`));
    const file = JSON.parse(await readFile(a.portFile, "utf8"));
    expect(file).toEqual({ port: a.port, token: expect.stringMatching(/^[0-9a-f]{64}$/), pid: a.child.pid, host: "127.0.0.1" });
    if (process.platform !== "win32") expect((await stat(a.portFile)).mode & 0o777).toBe(0o600);
    // Windows cannot deliver SIGTERM to a child (kill() terminates it outright), so there is no clean stop to see.
    if (process.platform === "win32") return;
    a.child.kill("SIGTERM");
    expect((await a.exited).code).toBe(0);
    await expect(stat(a.portFile)).rejects.toThrow(/ENOENT/);
  });

  it("describes itself as the app with a UI and lists the window's commands", async () => {
    const a = await app();
    const c = await client(a);
    const d = await c.call("describe", { catalogue: true });
    expect(d).toMatchObject({ ok: true, result: { name: "fieldcraft", version: APP_PACKAGE_VERSION, ui: true, protocol: 1, pid: a.child.pid } });
    if (!d.ok) return;
    const r = d.result as { methods: string[]; catalogue: { id: string }[] };
    for (const m of ["ui.capture", "ui.select", "ui.selection", "model.info", "describe"]) expect(r.methods).toContain(m);
    expect(r.catalogue.map((x) => x.id)).toContain("ui.select");
  });

  it.each([["-V"], ["--version"]])("%s prints the app's version on stdout and exits 0, as the servers' bins do", async (flag) => {
    const r = await runApp([flag]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(`fieldcraft ${APP_PACKAGE_VERSION}`);
  });

  it.each([
    [["--control", "70000"], 2, /expected a port number/],
    [["--control-host", "0.0.0.0"], 2, /loopback only/],
    [["--control-no-auth", "--control-token-file", "x"], 2, /contradict/],
    [["--control", "0", "--control", "1"], 2, /more than once/],
    [["--control", "0", "--control-token-file", "/nonexistent/token"], 1, /cannot read the token file/],
  ])("refuses %j with exit %i and a message", async (args, code, message) => {
    const r = await runApp(args as string[]);
    expect(r.code).toBe(code);
    expect(r.stderr).toMatch(message as RegExp);
    expect(r.stdout).toBe("");
  });
});

describe("authentication and refusals on the running app", () => {
  it("without the token every request is refused and the connection closed", async () => {
    const a = await app();
    const lines = await rawExchange(a.port, JSON.stringify({ id: 1, method: "model.units", params: { system: "m-kg-s-N-Pa" } }) + "\n" + JSON.stringify({ id: 2, method: "model.info" }) + "\n");
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { id: 1, ok: false, error: expect.stringMatching(/not authenticated/), details: { code: "unauthenticated" } },
    ]);
    const wrong = await ControlClient.connect({ host: "127.0.0.1", port: a.port, token: generateToken() });
    expect(wrong.ok).toBe(false);
    // Nothing reached the model.
    const c = await client(a);
    const info = await c.call("describe");
    expect(info).toMatchObject({ ok: true, result: { activity: { commands: 0 } } });
  });

  it("an HTTP request line gets one error and a closed connection", async () => {
    const a = await app();
    const lines = await rawExchange(a.port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0])).toMatchObject({ id: null, ok: false, details: { code: "parse_error" } });
  });

  it("the 17th connection is refused with an error frame and closed", async () => {
    const a = await app();
    for (let i = 0; i < 16; i++) await client(a);
    const lines = await rawExchange(a.port, "");
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ id: null, ok: false, error: expect.stringMatching(/too many connections/), details: { code: "too_many_connections" } }]);
  });

  it("takes its token from --control-token-file", async () => {
    const token = generateToken();
    const dir = (await app()).dir;
    const tokenFile = join(dir, "token");
    await writeFile(tokenFile, token + "\n");
    const a = await app(["--control-token-file", tokenFile]);
    expect(JSON.parse(await readFile(a.portFile, "utf8")).token).toBe(token);
    const c = await ControlClient.connect({ host: "127.0.0.1", port: a.port, token });
    expect(c.ok).toBe(true);
    if (c.ok) c.client.close();
  });

  it("serves without a token only with --control-no-auth, and says so", async () => {
    const a = await app(["--control-no-auth"]);
    expect(a.stderr()).toMatch(/NO authentication/);
    expect(JSON.parse(await readFile(a.portFile, "utf8")).token).toBeNull();
    const c = await connectToApp({ host: "127.0.0.1", port: a.port, portFile: a.portFile });
    expect(c.ok).toBe(true);
    if (c.ok) c.client.close();
  });
});

describe("the seed's typical session through the channel", () => {
  it("gives the same numbers as an in-process session, and a second client follows the changes", async () => {
    const a = await app();
    const design = await writeSteps(a.dir);
    const agent = await client(a);
    const watcher = await client(a);
    const local = createSession();

    const both = async (command: string, params: Record<string, unknown> = {}) => {
      const remote = await agent.call(command, params);
      const here = await local.execute(command, params);
      expect(remote, command).toMatchObject({ ok: true });
      expect(here, command).toMatchObject({ ok: true });
      return { remote: remote.ok ? (untimed(remote.result) as any) : null, here: here.ok ? (untimed(here.result) as any) : null };
    };

    await both("geometry.open", { path: design });
    const bodies = await both("geometry.bodies");
    expect(bodies.remote).toEqual(bodies.here);
    const meshed = await both("mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
    expect(meshed.remote.mesh).toEqual(meshed.here.mesh);
    const seen = await watcher.call("model.info");
    expect(seen).toMatchObject({ ok: true });
    if (seen.ok) expect(JSON.stringify(seen.result)).toContain("C3D10");

    for (const { command, params } of SEED_BATCH) await both(command, params);
    const solved = await both("solve.static", { step: "Load" });
    expect(solved.remote.steps[0].solver.relative_residual).toBeLessThan(1e-6);
    const shown = await both("results.contour", { step: "Load", field: "displacement" });
    const remoteMax = shown.remote.contour.range.max;
    expect(remoteMax).toEqual(shown.here.contour.range.max);
    // Independent check: the stepped cantilever bends between the thick and the thin beam (Euler-Bernoulli).
    const beam = (h: number) => (1000 * 100 ** 3) / (3 * 210000 * ((20 * h ** 3) / 12));
    expect(remoteMax.value).toBeGreaterThan(beam(20));
    expect(remoteMax.value).toBeLessThan(beam(10) * 1.2);
    const reactions = await both("results.reactions", { step: "Load" });
    expect(reactions.remote).toEqual(reactions.here);
    expect(Math.abs(reactions.remote.sets[0].force[2] - 1000)).toBeLessThan(1e-6);

    // The watcher sees what the agent did: the app's activity and the model it holds.
    const described = await watcher.call("describe");
    expect(described).toMatchObject({ ok: true, result: { activity: { last: { command: "results.reactions", ok: true } } } });
    if (described.ok) expect((described.result as any).activity.commands).toBe(4 + SEED_BATCH.length + 3);
    expect(a.stderr()).toMatch(/solve\.static ok \(\d+ ms\)/);
  });
});
