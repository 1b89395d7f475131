// Recovery of the app: `fieldcraft --control 0 --autosave-seconds 1` driven over the control channel,
// killed with SIGKILL after 20 commands; the next app lists the model and file.recover restores it (the
// model digest the app describes is the same). A clean stop leaves the recovery folder empty.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ControlClient, connectToApp } from "@mcp-wrappers/fieldcraft-control";
import { startApp, stopApp, type AppProcess } from "./helpers/app-process.js";

let root: string;
const apps: AppProcess[] = [];
const clients: ControlClient[] = [];
afterEach(async () => {
  clients.splice(0).forEach((c) => c.close());
  await Promise.all(apps.splice(0).map(stopApp));
});
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

async function app(recoveryDir: string, args = ["--autosave-seconds", "1"]) {
  root ??= await mkdtemp(join(tmpdir(), "fieldcraft-app-recovery-"));
  const a = await startApp(args, { env: { ...process.env, FIELDCRAFT_RECOVERY_DIR: recoveryDir } });
  apps.push(a);
  const c = await connectToApp({ host: "127.0.0.1", port: a.port, portFile: a.portFile });
  if (!c.ok) throw new Error(c.error);
  clients.push(c.client);
  return { a, c: c.client };
}

async function folder(): Promise<string> {
  root ??= await mkdtemp(join(tmpdir(), "fieldcraft-app-recovery-"));
  return join(root, `r${Math.random().toString(36).slice(2, 8)}`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function run(c: ControlClient, command: string, params: Record<string, unknown> = {}): Promise<any> {
  const out = await c.call(command, params);
  if (!out.ok) throw new Error(`${command}: ${JSON.stringify(out)}`);
  return out.result;
}

async function descriptions(dir: string): Promise<any[]> {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => n.endsWith(".recovery.json"));
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(join(dir, n), "utf8"))));
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const digest = async (c: ControlClient) => (await run(c, "describe")).model.digest as string;

describe("app recovery", () => {
  it("after SIGKILL, the next app lists the model and file.recover restores it with the same digest", async () => {
    const dir = await folder();
    const { a, c } = await app(dir);
    await run(c, "file.sample", { name: "stepped-block" });
    for (let i = 0; i < 17; i++) await run(c, "model.material.create", { name: `M${i}`, elastic: { type: "isotropic", young: 1000 + i, poisson: 0.3 } });
    await run(c, "model.units", { system: "m-kg-s-N-Pa" });
    await run(c, "solve.static");
    const before = { digest: await digest(c), info: await run(c, "model.info"), contour: await run(c, "results.contour", { field: "von_mises" }) };
    const meta = await until("the autosave of 20 commands", async () => (await descriptions(dir)).find((d) => d.commands === 20));
    expect(meta.digest).toBe(before.digest);
    a.child.kill("SIGKILL");
    expect((await a.exited).signal).toBe("SIGKILL");

    const next = await app(dir);
    const listed = await run(next.c, "file.recovery.list");
    expect(listed.entries).toEqual([{ id: meta.id, original_path: null, saved_at: meta.saved_at, commands: 20, live: false, own: false }]);
    const recovered = await run(next.c, "file.recover", { id: meta.id });
    expect(recovered).toMatchObject({ commands: 20, warnings: [], solved: ["Load"] });
    expect(await digest(next.c)).toBe(before.digest);
    expect(await run(next.c, "model.info")).toEqual(before.info);
    expect(await run(next.c, "results.contour", { field: "von_mises" })).toEqual(before.contour);

    // The second app continues the recovered entry; its clean stop leaves the folder empty.
    await stopApp(next.a);
    expect(await readdir(dir)).toEqual([]);
  });

  it("a clean stop (SIGTERM) with unsaved changes leaves the folder empty; --autosave-seconds 0 writes nothing", async () => {
    const dir = await folder();
    const { a, c } = await app(dir);
    await run(c, "file.sample", { name: "stepped-block" });
    await until("an autosave", async () => ((await descriptions(dir)).length > 0 ? true : undefined));
    a.child.kill("SIGTERM");
    expect((await a.exited).code).toBe(0);
    expect(await readdir(dir)).toEqual([]);

    const off = await folder();
    const quiet = await app(off, ["--autosave-seconds", "0"]);
    await run(quiet.c, "file.sample", { name: "stepped-block" });
    await new Promise((r) => setTimeout(r, 1500));
    expect(existsSync(off)).toBe(false);
  });

  // Issue 30: a stop during long work (a 1.92 million C3D8 hex mesh, a C3D10 solve) ends the app within 2 s (5 s
  // asserted on a loaded machine; the time is logged): the work is cancelled, a worker that does not stop is ended.
  for (const [name, setup, long, waitMs] of [
    ["a big hex mesh", [["file.sample", { name: "stepped-block" }]], ["mesh.hex", { size: 0.25, order: 1 }], 400],
    ["a C3D10 solve", [["file.sample", { name: "stepped-block" }], ["mesh.tet.generate", { size: 1.6, order: 2 }]], ["solve.static", {}], 1_000],
  ] as const)
    it.runIf(process.platform !== "win32")(`SIGTERM during ${name} ends the app promptly; the recovery folder holds only whole files`, async () => {
      const dir = await folder();
      const { a, c } = await app(dir);
      for (const [command, params] of setup) await run(c, command, params);
      await until("an autosave", async () => ((await descriptions(dir)).length > 0 ? true : undefined));
      let replied = false;
      void c.call(long[0], long[1]).then(() => (replied = true), () => undefined);
      await new Promise((r) => setTimeout(r, waitMs));
      expect(replied, "the work was still running when stopped").toBe(false);
      const sent = performance.now();
      a.child.kill("SIGTERM");
      const status = await a.exited;
      const ms = performance.now() - sent;
      console.log(`${name}: the app exited ${JSON.stringify(status)} ${ms.toFixed(0)} ms after SIGTERM`);
      expect(status.code).toBe(0);
      expect(ms).toBeLessThan(5_000);
      await descriptions(dir); // each left parses whole
    }, 120_000);
});
