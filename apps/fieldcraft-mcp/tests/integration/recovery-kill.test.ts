// Recovery through the built binary: a headless server killed with SIGKILL after 20 commands (autosave at
// 1 s) leaves its model in the recovery folder; the next server lists it and file.recover restores it
// exactly. A clean exit leaves the folder empty. Each test uses its own folder through FIELDCRAFT_RECOVERY_DIR.
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { afterAll, describe, expect, test } from "vitest";
import { BIN, call, tempDir } from "./helpers.js";

const root = tempDir("fc-mcp-recovery-");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

interface Server {
  client: Client;
  pid: number;
  exited: Promise<void>;
}

async function start(recoveryDir: string, args: string[] = ["--autosave-seconds", "1"]): Promise<Server> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    cwd: root,
    stderr: "pipe",
    env: { ...(process.env as Record<string, string>), FIELDCRAFT_RECOVERY_DIR: recoveryDir },
  });
  const client = new Client({ name: "fieldcraft-recovery-tests", version: "1" });
  await client.connect(transport);
  const pid = transport.pid!;
  return { client, pid, exited: waitForExit(pid) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((r) => setTimeout(r, 50));
}

/** The entries' descriptions, read straight from the folder. */
function descriptions(dir: string): any[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(".recovery.json"))
    .map((n) => JSON.parse(fs.readFileSync(path.join(dir, n), "utf8")));
}

async function until<T>(what: string, probe: () => T | undefined, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exec = (s: Server, command: string, params: Record<string, unknown> = {}) => call(s.client, "execute", { command, params });

/** 20 model-changing commands: a sample, 17 materials, the unit system and a solve. */
async function twentyCommands(s: Server): Promise<void> {
  const steps: [string, Record<string, unknown>][] = [["file.sample", { name: "stepped-block" }]];
  for (let i = 0; i < 17; i++) steps.push(["model.material.create", { name: `M${i}`, elastic: { type: "isotropic", young: 1000 + i, poisson: 0.3 } }]);
  steps.push(["model.units", { system: "m-kg-s-N-Pa" }], ["solve.static", {}]);
  for (const [command, params] of steps) {
    const out = await exec(s, command, params);
    expect(out.isError, `${command}: ${out.text}`).toBe(false);
  }
}

async function snapshot(s: Server) {
  return {
    inspect: (await call(s.client, "inspect_model")).json,
    check: (await call(s.client, "check_model")).json,
    results: (await call(s.client, "show_results", { step: "Load", field: "von_mises" })).json?.contour,
    probe: (await call(s.client, "probe", { step: "Load", nodes: [1, 7, 11] })).json,
  };
}

describe("recovery after SIGKILL of the headless server", () => {
  test("the next start lists the model and file.recover restores it: digest, inspect, results", async () => {
    const dir = path.join(root, "killed");
    const first = await start(dir);
    await twentyCommands(first);
    const before = await snapshot(first);
    expect(before.results.range.max.value).toBeGreaterThan(0);
    // Wait for the autosave that holds all 20 commands, then kill without any chance to clean up.
    const meta = await until("the autosave of 20 commands", () => descriptions(dir).find((d) => d.commands === 20));
    process.kill(first.pid, "SIGKILL");
    await first.exited;
    await first.client.close().catch(() => undefined);

    const second = await start(dir);
    try {
      const listed = await exec(second, "file.recovery.list");
      expect(listed.isError, listed.text).toBe(false);
      expect(listed.json.entries).toEqual([{ id: meta.id, original_path: null, saved_at: meta.saved_at, commands: 20, live: false, own: false }]);
      const recovered = await exec(second, "file.recover", { id: meta.id });
      expect(recovered.isError, recovered.text).toBe(false);
      expect(recovered.json).toMatchObject({ commands: 20, warnings: [], solved: ["Load"] });
      expect(await snapshot(second)).toEqual(before);

      // The model digest: the recovered model, saved and read back by an engine session here, is the one autosaved.
      const file = path.join(root, "recovered.fieldcraft");
      expect((await call(second.client, "save", { path: file })).isError).toBe(false);
      const engine = createSession();
      expect((await engine.execute("file.open", { path: file })).ok).toBe(true);
      expect(engine.digest()).toBe(meta.digest);
    } finally {
      await second.client.close();
      await second.exited;
    }
    // Saved, then a clean exit: nothing is left.
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("a clean exit with unsaved changes leaves the recovery folder empty", async () => {
    const dir = path.join(root, "clean");
    const s = await start(dir);
    expect((await exec(s, "file.sample", { name: "stepped-block" })).isError).toBe(false);
    await until("an autosave", () => (descriptions(dir).length > 0 ? true : undefined));
    await s.client.close();
    await s.exited;
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("SIGTERM is a clean exit too", async () => {
    const dir = path.join(root, "term");
    const s = await start(dir);
    expect((await exec(s, "file.sample", { name: "stepped-block" })).isError).toBe(false);
    await until("an autosave", () => (descriptions(dir).length > 0 ? true : undefined));
    process.kill(s.pid, "SIGTERM");
    await s.exited;
    await s.client.close().catch(() => undefined);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  test("--autosave-seconds 0 writes nothing; the recovery commands still answer", async () => {
    const dir = path.join(root, "off");
    const s = await start(dir, ["--autosave-seconds", "0"]);
    try {
      expect((await exec(s, "file.sample", { name: "stepped-block" })).isError).toBe(false);
      await new Promise((r) => setTimeout(r, 1500));
      expect(fs.existsSync(dir)).toBe(false);
      const listed = await exec(s, "file.recovery.list");
      expect(listed.json).toEqual({ dir, entries: [] });
    } finally {
      await s.client.close();
      await s.exited;
    }
  });
});
