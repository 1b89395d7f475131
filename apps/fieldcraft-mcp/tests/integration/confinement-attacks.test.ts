import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, CORPUS, meshAndSetUpSteps, listTree, startClient, symlinksAvailable, tempDir, type Started } from "./helpers.js";

const LINKS = symlinksAvailable();

// Paths built to escape the roots, sent through the built binary: none may read or write outside them.
let base: string;
let root: string; // read root
let out: string; // write root
let outside: string;
let server: Started;
let outsideBefore: string[];
let baseBefore: string[];
const VICTIM_TEXT = "do not overwrite";

const REFUSAL = /automation (path rejected|filesystem access is not granted): /;

beforeAll(async () => {
  if (!LINKS) return;
  base = tempDir("fc-mcp-attack-");
  root = path.join(base, "root");
  out = path.join(root, "out");
  outside = path.join(base, "outside");
  const design = fs.readFileSync(path.join(CORPUS, "stepped-block", "steps.solidcraft"));
  for (const dir of [path.join(root, "in"), out, path.join(root, "out2"), path.join(outside, "dir"), path.join(base, "root2")]) fs.mkdirSync(dir, { recursive: true });
  // Every design outside is a valid one: if a read escaped, the open would succeed.
  fs.writeFileSync(path.join(root, "in", "steps.solidcraft"), design);
  fs.writeFileSync(path.join(outside, "secret.solidcraft"), design);
  fs.writeFileSync(path.join(outside, "dir", "inner.solidcraft"), design);
  fs.writeFileSync(path.join(base, "root2", "steps.solidcraft"), design);
  fs.writeFileSync(path.join(outside, "victim.fieldcraft"), VICTIM_TEXT);
  fs.writeFileSync(path.join(outside, "victim.inp"), VICTIM_TEXT);
  const link = (target: string, at: string) => fs.symlinkSync(target, at);
  link(path.join(outside, "secret.solidcraft"), path.join(root, "in", "link-file.solidcraft"));
  link(path.join(outside, "dir"), path.join(root, "in", "link-dir"));
  link(path.join(root, "in", "chain2.solidcraft"), path.join(root, "in", "chain1.solidcraft"));
  link(path.join(outside, "secret.solidcraft"), path.join(root, "in", "chain2.solidcraft"));
  link(path.join(base, "nowhere", "x.solidcraft"), path.join(root, "in", "dangling.solidcraft"));
  link(base, path.join(root, "in", "link-up"));
  link("../../outside/secret.solidcraft", path.join(root, "in", "relative-link.solidcraft"));
  link(path.join(outside, "dir"), path.join(out, "link-out"));
  link(path.join(outside, "new.fieldcraft"), path.join(out, "dangling.fieldcraft"));
  link(path.join(out, "dangling.fieldcraft"), path.join(out, "dangling-chain.fieldcraft"));
  link(path.join(outside, "victim.fieldcraft"), path.join(out, "victim-link.fieldcraft"));
  link(path.join(outside, "victim.inp"), path.join(out, "victim-link.inp"));
  link(path.join(root, "in"), path.join(out, "link-to-read"));
  link(outside, path.join(out, "link-outside"));
  outsideBefore = listTree(outside);
  baseBefore = listTree(base);
  server = await startClient(["--automation-read-root", root, `--automation-write-root=${out}`], path.join(root, "in"));
});

afterAll(async () => {
  await server?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const readAttacks = (): string[] => [
  path.join(outside, "secret.solidcraft"),
  path.join(base, "root2", "steps.solidcraft"),
  `${root}/../outside/secret.solidcraft`,
  `${root}/in/../../outside/secret.solidcraft`,
  "../../outside/secret.solidcraft",
  "./../../outside/secret.solidcraft",
  path.join(root, "in", "link-file.solidcraft"),
  "link-file.solidcraft",
  path.join(root, "in", "link-dir", "inner.solidcraft"),
  "link-dir/inner.solidcraft",
  `${root}/in/link-dir/../secret.solidcraft`,
  "link-dir/../secret.solidcraft",
  path.join(root, "in", "chain1.solidcraft"),
  "chain1.solidcraft",
  "relative-link.solidcraft",
  path.join(root, "in", "dangling.solidcraft"),
  "dangling.solidcraft",
  "link-up/outside/secret.solidcraft",
  "link-up/root2/steps.solidcraft",
  `${root}/in/missing/../steps.solidcraft`,
  "missing/../steps.solidcraft",
  "steps\0.solidcraft",
  `${outside}/secret.solidcraft\0${root}/in/steps.solidcraft`,
  "CON.solidcraft",
  "nul.solidcraft",
  "com1.solidcraft",
  "LPT9.solidcraft",
  "aux/steps.solidcraft",
  "Con .solidcraft",
  `${outside}//secret.solidcraft`,
  `${base}/ROOT/in/steps.solidcraft`,
  "/etc/hostname.solidcraft",
];

const writeAttacks = (): string[] => [
  path.join(outside, "x.fieldcraft"),
  path.join(root, "out2", "x.fieldcraft"),
  path.join(root, "in", "x.fieldcraft"),
  path.join(root, "x.fieldcraft"),
  `${out}/../x.fieldcraft`,
  `${out}/../../outside/x.fieldcraft`,
  "x.fieldcraft",
  "../../outside/x.fieldcraft",
  "../out2/x.fieldcraft",
  path.join(out, "link-out", "x.fieldcraft"),
  `${out}/link-out/../x.fieldcraft`,
  path.join(out, "link-outside", "dir", "x.fieldcraft"),
  path.join(out, "dangling.fieldcraft"),
  path.join(out, "dangling-chain.fieldcraft"),
  path.join(out, "victim-link.fieldcraft"),
  path.join(out, "link-to-read", "x.fieldcraft"),
  `${out}/missing/../x.fieldcraft`,
  `${out}/missing/deeper/../../x.fieldcraft`,
  `${out}/x\0.fieldcraft`,
  path.join(out, "CON.fieldcraft"),
  path.join(out, "prn.fieldcraft"),
  path.join(out, "com3.fieldcraft"),
  path.join(out, "LPT1", "x.fieldcraft"),
  path.join(out, "conout$.fieldcraft"),
  path.join(out, "AUX"),
  `${base}/root/outx/x.fieldcraft`,
  "/tmp/x.fieldcraft",
  `${outside}/./x.fieldcraft`,
  `${out}/link-outside/../root/out/../../outside/x.fieldcraft`,
  "../in/link-up/outside/x.fieldcraft",
  "link-dir/x.fieldcraft",
];

function expectRefusal(outcome: { isError: boolean; text: string }, attack: string) {
  expect(outcome.isError, `${JSON.stringify(attack)} was not refused: ${outcome.text}`).toBe(true);
  expect(outcome.text, `${JSON.stringify(attack)}: the refusal must be readable`).toMatch(REFUSAL);
}

describe.skipIf(!LINKS)("confinement through the binary", () => {
  test("the legitimate paths work (the refusals below are not blanket)", async () => {
    expect((await call(server.client, "open", { path: "steps.solidcraft" })).isError).toBe(false);
    const saved = await call(server.client, "save", { path: path.join(out, "ok.fieldcraft") });
    expect(saved.isError, saved.text).toBe(false);
    expect(fs.existsSync(path.join(out, "ok.fieldcraft"))).toBe(true);
    const relative = await call(server.client, "save", { path: "../out/rel.fieldcraft" });
    expect(relative.isError, relative.text).toBe(false);
    // A new file in folders that do not exist yet, inside the write root: the folders are made.
    const nested = await call(server.client, "save", { path: path.join(out, "runs", "2", "nested.fieldcraft") });
    expect(nested.isError, nested.text).toBe(false);
    expect(fs.existsSync(path.join(out, "runs", "2", "nested.fieldcraft"))).toBe(true);
  });

  test(`read attacks through open are refused, readably`, async () => {
    expect(readAttacks().length).toBeGreaterThanOrEqual(30);
    for (const attack of readAttacks()) expectRefusal(await call(server.client, "open", { path: attack }), attack);
  });

  test("the same reads through execute (geometry.open, file.open) are refused", async () => {
    for (const attack of readAttacks()) {
      expectRefusal(await call(server.client, "execute", { command: "geometry.open", params: { path: attack } }), attack);
      expectRefusal(await call(server.client, "execute", { command: "file.open", params: { path: attack } }), attack);
    }
  });

  test(`write attacks through save and file.save_as are refused, readably`, async () => {
    expect(writeAttacks().length).toBeGreaterThanOrEqual(30);
    for (const attack of writeAttacks()) {
      expectRefusal(await call(server.client, "save", { path: attack }), attack);
      expectRefusal(await call(server.client, "execute", { command: "file.save_as", params: { path: attack } }), attack);
    }
  });

  test("write_deck attacks are refused on a complete model", async () => {
    await meshAndSetUpSteps(server.client);
    const ok = await call(server.client, "write_deck", { format: "abaqus", path: path.join(out, "deck.inp") });
    expect(ok.isError, ok.text).toBe(false);
    for (const attack of [...writeAttacks(), path.join(out, "victim-link.inp")]) {
      expectRefusal(await call(server.client, "write_deck", { format: "abaqus", path: attack }), attack);
    }
  });

  test("screenshot {path} outside the write root is refused", async () => {
    for (const attack of writeAttacks().slice(0, 12).map((p) => p.replace(/\.fieldcraft$/, ".png"))) {
      expectRefusal(await call(server.client, "screenshot", { width: 32, height: 32, path: attack }), attack);
    }
    const inside = await call(server.client, "screenshot", { width: 32, height: 32, path: path.join(out, "shot.png") });
    expect(inside.isError, inside.text).toBe(false);
  });

  test("a model whose design lies outside the read root opens without it and says so in warnings", async () => {
    // Written by an unconfined server: a model that refers to a design outside the confined server's read root.
    const free = await startClient([], base);
    try {
      expect((await call(free.client, "open", { path: path.join(outside, "secret.solidcraft") })).isError).toBe(false);
      const saved = await call(free.client, "save", { path: path.join(root, "in", "refers-out.fieldcraft") });
      expect(saved.isError, saved.text).toBe(false);
    } finally {
      await free.close();
    }
    const opened = await call(server.client, "open", { path: "refers-out.fieldcraft" });
    expect(opened.isError, opened.text).toBe(false);
    expect(JSON.stringify(opened.json.warnings)).toMatch(REFUSAL);
    expect(opened.json.design ?? null).toBeNull();
  });

  test("the seed's message shapes", async () => {
    const outsideWrite = await call(server.client, "save", { path: "/etc/x.fieldcraft" });
    expect(outsideWrite.text).toContain(`automation path rejected: outside the write root ${out}: /etc/x.fieldcraft`);
    const linked = await call(server.client, "open", { path: "link-file.solidcraft" });
    expect(linked.text).toContain(`outside the read root ${root}`);
    expect(linked.text).toContain(`(resolves to ${path.join(outside, "secret.solidcraft")})`);
  });

  test("nothing was written outside the write root, and no file outside changed", () => {
    expect(listTree(outside)).toEqual(outsideBefore);
    expect(fs.readFileSync(path.join(outside, "victim.fieldcraft"), "utf8")).toBe(VICTIM_TEXT);
    expect(fs.readFileSync(path.join(outside, "victim.inp"), "utf8")).toBe(VICTIM_TEXT);
    expect(fs.existsSync(path.join(base, "nowhere"))).toBe(false);
    const added = listTree(base).filter((p) => !baseBefore.includes(p));
    const byTheTest = path.join("root", "in", "refers-out.fieldcraft");
    for (const p of added.filter((p) => p !== byTheTest)) {
      expect(p.startsWith(`root${path.sep}out${path.sep}`), `${p} was written outside the write root`).toBe(true);
    }
  });

  test("the server is still serving", async () => {
    expect(await server.client.ping()).toEqual({});
  });
});

describe.skipIf(!LINKS)("a root left out grants none of its access", () => {
  test("with only a read root nothing can be written", async () => {
    const readOnly = await startClient([`--automation-read-root=${root}`], root);
    try {
      const saved = await call(readOnly.client, "save", { path: path.join(out, "x.fieldcraft") });
      expect(saved.isError).toBe(true);
      expect(saved.text).toContain(`automation filesystem access is not granted: write authority is absent: ${path.join(out, "x.fieldcraft")}`);
      expect(fs.existsSync(path.join(out, "x.fieldcraft"))).toBe(false);
    } finally {
      await readOnly.close();
    }
  });
  test("with only a write root nothing can be read", async () => {
    const writeOnly = await startClient(["--automation-write-root", out], root);
    try {
      const opened = await call(writeOnly.client, "open", { path: path.join(root, "in", "steps.solidcraft") });
      expect(opened.isError).toBe(true);
      expect(opened.text).toContain("automation filesystem access is not granted: read authority is absent");
    } finally {
      await writeOnly.close();
    }
  });
});
