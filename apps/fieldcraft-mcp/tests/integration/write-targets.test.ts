// Writes aimed at the write root itself, at read-only files and at names that cannot be written,
// through the built binary: refused before anything is written, inside the root or beside it.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { call, CORPUS, meshAndSetUpSteps, listTree, startClient, tempDir, type Started } from "./helpers.js";

let base: string; // the write root's parent: nothing may appear here
let out: string; // the write root
let server: Started;

beforeAll(async () => {
  base = tempDir("fc-mcp-targets-");
  out = path.join(base, "W");
  fs.mkdirSync(path.join(base, "in"), { recursive: true });
  fs.mkdirSync(out);
  fs.copyFileSync(path.join(CORPUS, "stepped-block", "steps.solidcraft"), path.join(base, "in", "steps.solidcraft"));
  server = await startClient(["--automation-read-root", base, `--automation-write-root=${out}`], path.join(base, "in"));
  expect((await call(server.client, "open", { path: "steps.solidcraft" })).isError).toBe(false);
});

afterAll(async () => {
  await server?.close();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

const rootSpellings = () => [out, out + path.sep, out + path.sep + ".", "../W", "../W/."];

describe("the write root itself as the target", () => {
  test("save, file.save_as, screenshot and write_deck are refused as a folder; nothing appears beside or inside the root", async () => {
    const before = listTree(base);
    await meshAndSetUpSteps(server.client);
    // A temp file written beside the root and removed again would leave the listing unchanged: watch it.
    const appeared: string[] = [];
    const watcher = fs.watch(base, (_event, name) => {
      if (name !== null && name !== "W") appeared.push(String(name));
    });
    for (const target of rootSpellings()) {
      const attempts = [
        await call(server.client, "save", { path: target }),
        await call(server.client, "execute", { command: "file.save_as", params: { path: target } }),
        await call(server.client, "screenshot", { width: 32, height: 32, path: target }),
        await call(server.client, "write_deck", { format: "abaqus", path: target }),
      ];
      for (const outcome of attempts) {
        expect(outcome.isError, `${target}: ${outcome.text}`).toBe(true);
        expect(outcome.text, target).toMatch(/is a folder, not a file/);
      }
    }
    await new Promise((r) => setTimeout(r, 200)); // let the last events arrive
    watcher.close();
    expect(appeared).toEqual([]);
    expect(listTree(base)).toEqual(before);
    // The refusals are not blanket: a file inside the root is written.
    expect((await call(server.client, "save", { path: path.join(out, "ok.fieldcraft") })).isError).toBe(false);
    expect(listTree(out)).toEqual(["ok.fieldcraft"]);
    fs.rmSync(path.join(out, "ok.fieldcraft"));
  });
});

describe("other targets that must not be written", () => {
  test("a read-only file is not replaced, and the refusal names it", async () => {
    const file = path.join(out, "locked.fieldcraft");
    fs.writeFileSync(file, "keep me");
    fs.chmodSync(file, 0o444);
    const outcome = await call(server.client, "save", { path: file });
    expect(outcome.isError).toBe(true);
    expect(outcome.text).toContain(`${file} is read-only`);
    expect(fs.readFileSync(file, "utf8")).toBe("keep me");
    expect(listTree(out)).toEqual(["locked.fieldcraft"]);
    fs.chmodSync(file, 0o644);
    fs.rmSync(file);
  });

  test("a write that fails leaves no folder it made and no temp file", async () => {
    const target = path.join(out, "new", "deeper", "x".repeat(300) + ".fieldcraft");
    const outcome = await call(server.client, "save", { path: target });
    expect(outcome.isError).toBe(true);
    expect(listTree(out)).toEqual([]);
  });

  test("the server is still serving", async () => {
    expect((await call(server.client, "check_model", {})).isError).toBe(false);
  });
});
