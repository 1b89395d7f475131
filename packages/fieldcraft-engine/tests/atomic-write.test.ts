// The atomic write behind save, file.save_as, deck.write and ui.render, driven with real files and a
// real writer process killed mid-write.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";
import { removeStaleTemps, writeAtomic } from "../src/files/checked-io.js";

const CHECKED_IO = fileURLToPath(new URL("../src/files/checked-io.ts", import.meta.url));
const base = mkdtempSync(path.join(tmpdir(), "fc-atomic-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const fresh = (name: string) => {
  const dir = path.join(base, name);
  mkdirSync(dir, { recursive: true });
  return dir;
};
const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".fieldcraft-tmp"));

describe("writeAtomic", () => {
  test("a folder as the target (the write root itself) is refused before anything is written, anywhere", async () => {
    const parent = fresh("root-parent");
    const root = path.join(parent, "W");
    mkdirSync(root);
    for (const target of [root, root + path.sep, path.join(root, ".")]) {
      await expect(writeAtomic(path.resolve(target), "payload", "path")).rejects.toThrow(/is a folder, not a file/);
    }
    expect(readdirSync(parent)).toEqual(["W"]);
    expect(readdirSync(root)).toEqual([]);
  });

  test("a read-only file is not replaced; the refusal names it", async () => {
    const dir = fresh("read-only");
    const file = path.join(dir, "keep.fieldcraft");
    writeFileSync(file, "original");
    chmodSync(file, 0o444);
    await expect(writeAtomic(file, "new", "path")).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} is read-only`));
    expect(readFileSync(file, "utf8")).toBe("original");
    expect(readdirSync(dir)).toEqual(["keep.fieldcraft"]);
  });

  test("a failed write removes the folders it made, and its temp file", async () => {
    const dir = fresh("failed");
    // A name over the file system's 255-byte limit: the folders are made, the rename then fails.
    const target = path.join(dir, "made", "deeper", "x".repeat(300) + ".fieldcraft");
    await expect(writeAtomic(target, "data", "path")).rejects.toThrow(/cannot write/);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a new file in new folders is written whole; an existing writable one is replaced", async () => {
    const dir = fresh("ok");
    const target = path.join(dir, "a", "b", "m.fieldcraft");
    await writeAtomic(target, "one", "path");
    await writeAtomic(target, "two", "path");
    expect(readFileSync(target, "utf8")).toBe("two");
    expect(readdirSync(path.dirname(target))).toEqual(["m.fieldcraft"]);
  });

  test.runIf(process.platform !== "win32")(
    "a writer killed (SIGKILL) mid-write leaves the previous file intact, and the next write removes its temp file",
    async () => {
      const dir = fresh("killed");
      const target = path.join(dir, "model.fieldcraft");
      const previous = "previous model " + "p".repeat(1000);
      writeFileSync(target, previous);
      // A writer of 128 MiB: long enough to be caught between creating its temp file and renaming it.
      const script = `import { writeAtomic } from ${JSON.stringify(CHECKED_IO)};
        await writeAtomic(${JSON.stringify(target)}, Buffer.alloc(128 * 1024 * 1024, 0x61), "path");`;
      const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: "ignore" });
      const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
      let caught = false;
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && child.exitCode === null) {
        const seen = temps(dir);
        if (seen.length > 0 && statSync(path.join(dir, seen[0]!)).size > 0) {
          child.kill("SIGKILL");
          caught = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(await exited).toBe(caught ? "SIGKILL" : 0);
      expect(caught, "the writer was caught mid-write").toBe(true);
      expect(readFileSync(target, "utf8")).toBe(previous);
      expect(temps(dir)).toHaveLength(1); // what the killed writer left

      await writeAtomic(path.join(dir, "other.fieldcraft"), "next save", "path");
      expect(temps(dir)).toEqual([]);
      expect(readFileSync(target, "utf8")).toBe(previous);
      expect(existsSync(path.join(dir, "other.fieldcraft"))).toBe(true);
    },
    120_000,
  );

  test("only temp files of dead writers are removed", async () => {
    const dir = fresh("stale");
    writeFileSync(path.join(dir, `.m.fieldcraft.${process.pid}.0123456789ab.fieldcraft-tmp`), "mine, in flight");
    writeFileSync(path.join(dir, ".m.fieldcraft.999999999.0123456789ab.fieldcraft-tmp"), "a dead writer's");
    writeFileSync(path.join(dir, ".m.fieldcraft.1.tmp"), "not our naming");
    expect(await removeStaleTemps(dir)).toEqual([".m.fieldcraft.999999999.0123456789ab.fieldcraft-tmp"]);
    expect(readdirSync(dir).sort()).toEqual([".m.fieldcraft.1.tmp", `.m.fieldcraft.${process.pid}.0123456789ab.fieldcraft-tmp`].sort());
  });
});
