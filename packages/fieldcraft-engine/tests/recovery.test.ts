// Recovery through the engine session: autosaves of unsaved changes, file.recovery.list / file.recover /
// file.recovery.discard, clean exits leaving nothing, and `dir` confined by FileAccess. (Killing real
// processes: apps/fieldcraft-mcp and apps/fieldcraft tests.)
import { spawnSync } from "node:child_process";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, type FileAccess, type Session } from "../src/index.js";
import { defaultRecoveryDir } from "../src/files/recovery/folder.js";
import { ok, refused } from "./session-helpers.js";

let root: string;
beforeAll(async () => {
  root = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "fieldcraft-recovery-")));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

let count = 0;
async function freshDir(): Promise<string> {
  return path.join(root, `r${++count}`);
}

function session(dir: string, seconds = 0, fileAccess?: FileAccess): Session {
  return createSession({ recovery: { dir, autosaveSeconds: seconds }, ...(fileAccess ? { fileAccess } : {}) });
}

const listing = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith(".")).sort();

/** A pid no process has any more: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" });
  return Number(child.stdout);
}

/** Makes an entry look as if its process had been killed (in-process tests share one pid). */
async function orphan(dir: string, id: string): Promise<void> {
  const file = path.join(dir, `${id}.recovery.json`);
  const meta = JSON.parse(await fs.readFile(file, "utf8"));
  meta.pid = deadPid();
  await fs.writeFile(file, JSON.stringify(meta));
}

async function twentyCommands(s: Session): Promise<void> {
  await ok(s, "file.sample", { name: "stepped-block" });
  for (let i = 0; i < 17; i++) await ok(s, "model.material.create", { name: `M${i}`, elastic: { type: "isotropic", young: 1000 + i, poisson: 0.3 } });
  await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
  await ok(s, "solve.static");
}

describe("the recovery folder", () => {
  it("is FIELDCRAFT_RECOVERY_DIR, else the platform's per-user state folder", () => {
    const home = "/home/ann";
    expect(defaultRecoveryDir({ env: { FIELDCRAFT_RECOVERY_DIR: "/tmp/rec" }, platform: "linux", home })).toBe("/tmp/rec");
    expect(defaultRecoveryDir({ env: {}, platform: "linux", home })).toBe("/home/ann/.local/state/fieldcraft/recovery");
    expect(defaultRecoveryDir({ env: { XDG_STATE_HOME: "/x/state" }, platform: "linux", home })).toBe("/x/state/fieldcraft/recovery");
    expect(defaultRecoveryDir({ env: { XDG_STATE_HOME: "relative" }, platform: "linux", home })).toBe("/home/ann/.local/state/fieldcraft/recovery");
    expect(defaultRecoveryDir({ env: {}, platform: "darwin", home: "/Users/ann" })).toBe("/Users/ann/Library/Application Support/FieldCraft/Recovery");
    expect(defaultRecoveryDir({ env: { LOCALAPPDATA: "C:\\Users\\ann\\AppData\\Local" }, platform: "win32", home: "C:\\Users\\ann" })).toBe(
      "C:\\Users\\ann\\AppData\\Local\\FieldCraft\\Recovery",
    );
  });
});

describe("autosave and recovery in a session", () => {
  it("autosaves a dirty model (folder mode 0700), and another session recovers it exactly after the writer is gone", async () => {
    const dir = await freshDir();
    const s = session(dir);
    await twentyCommands(s);
    expect(s.recovery()).toMatchObject({ dirty: true, commands: 20 });
    expect(await s.autosave()).toEqual({ written: true });
    expect(await s.autosave()).toEqual({ written: false }); // nothing new since
    const id = s.recovery().id;
    expect(await listing(dir)).toEqual([`${id}.fieldcraft`, `${id}.recovery.json`]);
    if (process.platform !== "win32") expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    const before = { digest: s.digest(), info: await ok(s, "model.info"), contour: await ok(s, "results.contour", { field: "von_mises" }) };
    await orphan(dir, id); // as if killed

    const t = session(dir);
    const listed = await ok(t, "file.recovery.list");
    expect(listed.dir).toBe(dir);
    expect(listed.entries).toEqual([{ id, original_path: null, saved_at: expect.any(String), commands: 20, live: false, own: false }]);
    const recovered = await ok(t, "file.recover", { id });
    expect(recovered).toMatchObject({ id, commands: 20, warnings: [], solved: ["Load"] });
    expect(t.digest()).toBe(before.digest);
    expect(await ok(t, "model.info")).toEqual(before.info);
    expect(await ok(t, "results.contour", { field: "von_mises" })).toEqual(before.contour);
    // The recovered changes are unsaved, and this session continues the entry rather than leaving it behind.
    expect(t.recovery()).toMatchObject({ dirty: true, commands: 20, id });
    await t.close();
    expect(await listing(dir)).toEqual([]);
  });

  it("recovers the design as it was in memory, with its path, even after its file was edited", async () => {
    const dir = await freshDir();
    const designPath = path.join(root, "block.solidcraft");
    const design = (x: number) => ({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Block", features: [{ id: "F1", type: "box", min: [0, 0, 0], max: [x, 4, 4] }] }] });
    await fs.writeFile(designPath, JSON.stringify(design(20)));
    const s = session(dir);
    await ok(s, "geometry.open", { path: designPath });
    await ok(s, "mesh.tet.generate", { size: 2 });
    await s.autosave();
    await orphan(dir, s.recovery().id);
    await fs.writeFile(designPath, JSON.stringify(design(30)));
    const t = session(dir);
    await ok(t, "file.recover", { id: s.recovery().id });
    expect(t.digest()).toBe(s.digest());
    expect(t.model().design?.path).toBe(designPath);
    expect(t.model().design?.design.bodies[0].volume).toBeCloseTo(20 * 4 * 4, 9);
  });

  it("writes on its timer, and a clean close leaves the folder empty", async () => {
    const dir = await freshDir();
    const s = session(dir, 1);
    await ok(s, "file.sample", { name: "stepped-block" });
    const deadline = Date.now() + 10_000;
    while ((await listing(dir)).length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await listing(dir)).toHaveLength(2);
    await s.close();
    expect(await listing(dir)).toEqual([]);
    // Closed sessions write nothing more.
    expect(await s.autosave()).toEqual({ written: false });
  });

  it("a save makes the model clean and removes its entry; the next change makes a new one with the file as original", async () => {
    const dir = await freshDir();
    const s = session(dir);
    await ok(s, "file.sample", { name: "stepped-block" });
    await s.autosave();
    expect(await listing(dir)).toHaveLength(2);
    const file = path.join(root, "saved.fieldcraft");
    await ok(s, "file.save_as", { path: file });
    expect(await s.autosave()).toEqual({ written: false });
    expect(await listing(dir)).toEqual([]);
    expect(s.recovery()).toMatchObject({ dirty: false, commands: 0 });
    await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
    await s.autosave();
    const listed = await ok(s, "file.recovery.list");
    expect(listed.entries).toEqual([expect.objectContaining({ original_path: file, commands: 1, live: true, own: true })]);
    // Recovered, the model's own file is the original again: file.save writes there.
    await orphan(dir, s.recovery().id);
    const t = session(dir);
    await ok(t, "file.recover", { id: s.recovery().id });
    expect(t.file()).toBe(file);
    await ok(t, "file.save");
    expect(JSON.parse(await fs.readFile(file, "utf8")).units).toBe("m-kg-s-N-Pa");
    await t.autosave(); // the entry's removal runs after the save, in the autosaver's order
    expect(await listing(dir)).toEqual([]);
    await t.close();
  });

  it("discards one entry or all; entries of running sessions and its own stay, named in kept", async () => {
    const dir = await freshDir();
    const entries: string[] = [];
    for (let i = 0; i < 3; i++) {
      const s = session(dir);
      await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
      await s.autosave();
      entries.push(s.recovery().id);
      if (i < 2) await orphan(dir, s.recovery().id);
    }
    const t = session(dir);
    await ok(t, "model.units", { system: "m-kg-s-N-Pa" });
    await t.autosave();
    const one = await ok(t, "file.recovery.discard", { id: entries[0] });
    expect(one.discarded).toEqual([entries[0]]);
    expect((await refused(t, "file.recovery.discard", { id: t.recovery().id })).error).toMatch(/is kept: this session's own autosave/);
    expect((await refused(t, "file.recovery.discard", { id: entries[0] })).error).toMatch(/no recoverable model .* in /);
    // A model a killed process left without its description, and one a running process is writing.
    const gone = `20260101T000000Z-${deadPid()}-abcdef`;
    const running = `20260101T000000Z-${process.pid}-abcdef`;
    await fs.writeFile(path.join(dir, `${gone}.fieldcraft`), "{}");
    await fs.writeFile(path.join(dir, `${running}.fieldcraft`), "{}");
    const all = await ok(t, "file.recovery.discard", {});
    expect(all.discarded).toEqual([entries[1], gone]);
    expect(await listing(dir)).toContain(`${running}.fieldcraft`);
    expect(all.kept.map((k: { id: string }) => k.id).sort()).toEqual([entries[2], t.recovery().id].sort());
    expect(all.kept.find((k: { id: string }) => k.id === entries[2]).reason).toMatch(/still running \(pid \d+\)/);
  });

  it("refuses ids that are not plain names and ids that do not exist, changing nothing", async () => {
    const dir = await freshDir();
    const s = session(dir);
    const before = s.digest();
    for (const id of ["../etc/passwd", "a/b", "", ".hidden"]) {
      expect((await refused(s, "file.recover", { id })).error, id).toMatch(/params\.id: .*not a recovery id/);
    }
    expect((await refused(s, "file.recover", { id: "nope" })).error).toMatch(/params\.id: no recoverable model `nope` in .*there are none/);
    expect(s.digest()).toBe(before);
    expect((await ok(s, "file.recovery.list")).entries).toEqual([]);
  });

  it("lists damaged descriptions as skipped, and a damaged model opens as a refusal naming the id", async () => {
    const dir = await freshDir();
    const s = session(dir);
    await ok(s, "file.sample", { name: "stepped-block" });
    await s.autosave();
    const id = s.recovery().id;
    await orphan(dir, id);
    await fs.writeFile(path.join(dir, "junk.recovery.json"), "{nope");
    const t = session(dir);
    const listed = await ok(t, "file.recovery.list");
    expect(listed.entries.map((e: { id: string }) => e.id)).toEqual([id]);
    expect(listed.skipped).toEqual([{ id: "junk", reason: expect.stringMatching(/not a recovery description/) }]);
    await fs.writeFile(path.join(dir, `${id}.fieldcraft`), "{ damaged");
    const before = t.digest();
    expect((await refused(t, "file.recover", { id })).error).toMatch(/file\.recover: params\.id: not a FieldCraft model file/);
    expect(t.digest()).toBe(before);
  });
});

describe("`dir` is confined by FileAccess; the session's own folder is not", () => {
  const inside = (r: string, p: string) => {
    const rel = path.relative(r, path.resolve(p));
    return rel === "" || (!rel.startsWith("..") && !path.isAbsolute(rel));
  };
  const readOnly = (readRoot: string): FileAccess => ({
    checkRead: (p) => (inside(readRoot, p) ? { ok: true, path: path.resolve(p) } : { ok: false, error: `automation path rejected: outside the read root ${readRoot}: ${p}` }),
    checkWrite: (p) => ({ ok: false, error: `automation filesystem access is not granted: write authority is absent: ${p}` }),
  });

  it("lists and recovers inside the read root, refuses outside it and refuses discarding without write access", async () => {
    const own = await freshDir();
    const readRoot = path.join(root, "project");
    const shared = path.join(readRoot, "recovery");
    const elsewhere = await freshDir();
    // An entry in a folder inside the read root, and one outside it.
    for (const d of [shared, elsewhere]) {
      const w = session(d);
      await ok(w, "file.sample", { name: "stepped-block" });
      await w.autosave();
      await orphan(d, w.recovery().id);
    }
    const s = session(own, 0, readOnly(readRoot));
    expect((await refused(s, "file.recovery.list", { dir: elsewhere })).error).toBe(
      `file.recovery.list: params.dir: automation path rejected: outside the read root ${readRoot}: ${elsewhere}`,
    );
    const ids = (await fs.readdir(elsewhere)).filter((n) => n.endsWith(".recovery.json")).map((n) => n.replace(".recovery.json", ""));
    expect((await refused(s, "file.recover", { id: ids[0], dir: elsewhere })).error).toMatch(/params\.dir: automation path rejected: outside the read root/);
    const listed = await ok(s, "file.recovery.list", { dir: shared });
    expect(listed.entries).toHaveLength(1);
    await ok(s, "file.recover", { id: listed.entries[0].id, dir: shared });
    expect(s.model().mesh).toBeDefined();
    expect((await refused(s, "file.recovery.discard", { dir: shared })).error).toMatch(/params\.dir: automation filesystem access is not granted: write authority is absent/);
    expect(await listing(shared)).toHaveLength(2);
    // Without `dir`: the session's own folder, not confined (it is outside the read root).
    expect((await ok(s, "file.recovery.list")).dir).toBe(path.resolve(own));
    // Recovered from another folder, the entry there stays; this session autosaves to its own.
    await s.autosave();
    expect(await listing(own)).toHaveLength(2);
    await s.close();
    expect(await listing(own)).toEqual([]);
    expect(await listing(shared)).toHaveLength(2);
  });
});

describe("autosave failures", () => {
  it("are reported once through onError, and the session keeps working", async () => {
    const blocker = path.join(root, "not-a-folder");
    await fs.writeFile(blocker, "x");
    const messages: string[] = [];
    const s = createSession({ recovery: { dir: path.join(blocker, "recovery"), autosaveSeconds: 0, onError: (m) => messages.push(m) } });
    await ok(s, "file.sample", { name: "stepped-block" });
    expect(await s.autosave()).toEqual({ written: false });
    await ok(s, "model.units", { system: "m-kg-s-N-Pa" });
    expect(await s.autosave()).toEqual({ written: false });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^recovery: cannot autosave to .*not-a-folder/);
    expect((await ok(s, "model.info")).units).toBeDefined();
    await s.close();
  });
});
