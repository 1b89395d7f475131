import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { symlinksAvailable } from "../support/links.js";
import { checkAccess, nodeFsProbe, POSIX, resolveReal, type ResolveEnv, type Roots } from "../../src/confinement/index.js";

// A real folder tree with links in every awkward place; the rules are checked against the real file system.
// Symbolic links need developer mode on Windows; the same rules run there on the in-memory file system.
const LINKS = symlinksAvailable();
let base: string;
let env: ResolveEnv;
let roots: Roots;

beforeAll(() => {
  if (!LINKS) return;
  base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "fc-confine-")));
  const mk = (p: string) => fs.mkdirSync(path.join(base, p), { recursive: true });
  mk("work/in");
  mk("work/out/deep");
  mk("work2");
  mk("outside/dir");
  fs.writeFileSync(path.join(base, "work/in/model.solidcraft"), "{}");
  fs.writeFileSync(path.join(base, "outside/secret.txt"), "secret");
  fs.writeFileSync(path.join(base, "work2/x.txt"), "x");
  const ln = (target: string, at: string) => fs.symlinkSync(target, path.join(base, at));
  ln(path.join(base, "outside/secret.txt"), "work/in/to-secret.txt");
  ln(path.join(base, "outside/dir"), "work/in/to-outside-dir");
  ln(path.join(base, "work/in/model.solidcraft"), "work/in/to-model");
  ln("../in/model.solidcraft", "work/out/rel-to-in");
  ln(path.join(base, "work/in/to-secret.txt"), "work/in/chain");
  ln(path.join(base, "nowhere/at/all"), "work/out/dangling");
  ln(path.join(base, "work/out/dangling"), "work/out/dangling-chain");
  ln(path.join(base, "work/out/loop-b"), "work/out/loop-a");
  ln(path.join(base, "work/out/loop-a"), "work/out/loop-b");
  ln(path.join(base, "work/out"), "work/in/to-out");
  ln(path.join(base, "outside/dir"), "work/out/escape");
  env = { cwd: path.join(base, "work/in"), fs: nodeFsProbe, style: POSIX };
  roots = { read: path.join(base, "work"), write: path.join(base, "work/out") };
});

afterAll(() => {
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const read = (p: string) => checkAccess("read", p, roots, env);
const write = (p: string) => checkAccess("write", p, roots, env);

describe.skipIf(!LINKS)("resolveReal", () => {
  test("a plain existing file resolves to itself", () => {
    expect(resolveReal(path.join(base, "work/in/model.solidcraft"), env)).toEqual({ ok: true, real: path.join(base, "work/in/model.solidcraft"), exists: true });
  });
  test("a relative path is made absolute against the working folder", () => {
    expect(resolveReal("model.solidcraft", env)).toMatchObject({ ok: true, real: path.join(base, "work/in/model.solidcraft") });
  });
  test("a link is followed to its target", () => {
    expect(resolveReal(path.join(base, "work/in/to-secret.txt"), env)).toMatchObject({ ok: true, real: path.join(base, "outside/secret.txt") });
  });
  test("'..' after a link climbs from the link's target, not lexically", () => {
    // work/in/to-outside-dir -> outside/dir, so ../secret.txt is outside/secret.txt
    expect(resolveReal(`${base}/work/in/to-outside-dir/../secret.txt`, env)).toMatchObject({ ok: true, real: path.join(base, "outside/secret.txt") });
  });
  test("a new file below an existing folder resolves through the folder's links", () => {
    expect(resolveReal(path.join(base, "work/out/escape/new.inp"), env)).toMatchObject({ ok: true, real: path.join(base, "outside/dir/new.inp"), exists: false });
  });
  test("'..' below a missing folder is refused", () => {
    const r = resolveReal(`${base}/work/out/missing/../x.inp`, env);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain("does not exist");
  });
  test("a dangling link is refused, also through a chain, also as a folder", () => {
    for (const p of ["work/out/dangling", "work/out/dangling-chain", "work/out/dangling/x.inp"]) {
      const r = resolveReal(path.join(base, p), env);
      expect(r, p).toMatchObject({ ok: false });
      if (!r.ok) expect(r.reason).toContain("leads nowhere");
    }
  });
  test("a link loop is refused", () => {
    expect(resolveReal(path.join(base, "work/out/loop-a"), env)).toMatchObject({ ok: false });
  });
  test("NUL bytes, empty paths and device names are refused before the disk is touched", () => {
    expect(resolveReal("a\0b", env)).toMatchObject({ ok: false, reason: expect.stringContaining("NUL") });
    expect(resolveReal("", env)).toMatchObject({ ok: false, reason: expect.stringContaining("empty") });
    expect(resolveReal("sub/Con.txt/x", env)).toMatchObject({ ok: false, reason: expect.stringContaining("CON") });
  });
});

describe.skipIf(!LINKS)("checkAccess with roots", () => {
  test("reads inside the read root are allowed and return the real path", () => {
    expect(read(path.join(base, "work/in/model.solidcraft"))).toEqual({ ok: true, path: path.join(base, "work/in/model.solidcraft") });
    expect(read(path.join(base, "work/in/to-model"))).toEqual({ ok: true, path: path.join(base, "work/in/model.solidcraft") });
    expect(read(path.join(base, "work/out/rel-to-in"))).toEqual({ ok: true, path: path.join(base, "work/in/model.solidcraft") });
  });
  test("writes of new files inside the write root are allowed", () => {
    expect(write(path.join(base, "work/out/deck.inp"))).toEqual({ ok: true, path: path.join(base, "work/out/deck.inp") });
    expect(write(path.join(base, "work/out/new/folder/deck.inp"))).toMatchObject({ ok: true });
    expect(write("../out/deck.inp")).toEqual({ ok: true, path: path.join(base, "work/out/deck.inp") });
    expect(write(path.join(base, "work/in/to-out/deck.inp"))).toEqual({ ok: true, path: path.join(base, "work/out/deck.inp") });
  });
  test("the seed's messages: outside the root, and authority absent", () => {
    expect(write("/etc/x.inp")).toEqual({ ok: false, error: `automation path rejected: outside the write root ${roots.write}: /etc/x.inp` });
    const readOnly: Roots = { read: roots.read };
    expect(checkAccess("write", path.join(base, "work/out/x.inp"), readOnly, env)).toEqual({
      ok: false,
      error: `automation filesystem access is not granted: write authority is absent: ${path.join(base, "work/out/x.inp")}`,
    });
  });
  test("a sibling sharing the root's prefix is outside (whole components)", () => {
    const r = read(path.join(base, "work2/x.txt"));
    expect(r).toMatchObject({ ok: false, error: expect.stringContaining("outside the read root") });
  });
  test("links out of the root are outside, and the message says where they lead", () => {
    const r = read(path.join(base, "work/in/chain"));
    expect(r).toMatchObject({ ok: false });
    if (!r.ok) expect(r.error).toContain(`(resolves to ${path.join(base, "outside/secret.txt")})`);
    expect(write(path.join(base, "work/out/escape/x.inp"))).toMatchObject({ ok: false, error: expect.stringContaining("outside the write root") });
  });
  test("writing into the read root but outside the write root is refused", () => {
    expect(write(path.join(base, "work/in/x.inp"))).toMatchObject({ ok: false, error: expect.stringContaining("outside the write root") });
  });
  test("without roots nothing is confined", () => {
    expect(checkAccess("write", "/etc/x.inp", {}, env)).toEqual({ ok: true, path: "/etc/x.inp" });
    expect(checkAccess("read", "a/../b.txt", {}, env)).toEqual({ ok: true, path: path.join(base, "work/in/b.txt") });
  });
  test("the root itself counts as inside", () => {
    expect(read(roots.read!)).toMatchObject({ ok: true });
  });
});
