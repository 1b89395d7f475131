// SIGKILL in the middle of saving a large model (issue 18): a real session in a child process saves a big
// meshed model over and over to the same file; it is killed while a save's temp file is being written. The
// file then still opens, whole, as the model it held (the same digest), and the killed writer's temp file is
// at most what is left beside it.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";
import { createSession } from "../src/index.js";
import { ok } from "./session-helpers.js";

const ENGINE = fileURLToPath(new URL("../src/index.ts", import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), "fc-killed-save-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const temps = () => readdirSync(dir).filter((n) => n.endsWith(".fieldcraft-tmp"));

test.runIf(process.platform !== "win32")(
  "a save killed mid-write leaves the previous file whole: it opens with the model's digest",
  async () => {
    const target = path.join(dir, "big.fieldcraft");
    // ~600,000 C3D4 elements: a file of about 19 MB, written again and again.
    const script = `import { createSession } from ${JSON.stringify(ENGINE)};
      const s = createSession();
      await s.execute("file.sample", { name: "stepped-block" });
      const meshed = await s.execute("mesh.tet.generate", { body: "Steps", size: 0.7, order: 1 });
      if (!meshed.ok) { console.error(meshed.error); process.exit(3); }
      process.stdout.write(JSON.stringify({ digest: s.digest(), elements: meshed.result.mesh.elements }) + "\\n");
      for (;;) {
        const saved = await s.execute("file.save_as", { path: ${JSON.stringify(target)} });
        if (!saved.ok) { console.error(saved.error); process.exit(4); }
      }`;
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on("exit", (code, signal) => resolve(signal ?? code)));
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (text: string) => (out += text));
    try {
      const deadline = Date.now() + 150_000;
      let caught = false;
      // Once one save is complete, kill the writer the moment a later save's temp file holds bytes.
      while (Date.now() < deadline && child.exitCode === null) {
        const seen = temps();
        let size = 0;
        try {
          size = seen.length > 0 ? statSync(path.join(dir, seen[0]!)).size : 0;
        } catch {
          size = 0; // renamed away between the listing and the stat
        }
        if (size > 0 && out.includes("\n") && statSync(target, { throwIfNoEntry: false })?.isFile()) {
          child.kill("SIGKILL");
          caught = true;
          break;
        }
        await new Promise((r) => setTimeout(r, 1));
      }
      expect(caught, "the writer was caught mid-save").toBe(true);
      expect(await exited).toBe("SIGKILL");
      const { digest, elements } = JSON.parse(out.split("\n")[0]!) as { digest: string; elements: number };
      expect(elements).toBeGreaterThan(300_000);
      // Its temp file is left (unless the kill landed just after a rename); the next save of any writer removes it.
      expect(temps().length).toBeLessThanOrEqual(1);

      // About 19 MB on disk (the arrays deflated); tests/atomic-write.test.ts kills a 128 MiB write the same way.
      expect(statSync(target).size).toBeGreaterThan(10_000_000);
      const reader = createSession();
      await ok(reader, "file.open", { path: target });
      expect(reader.digest()).toBe(digest);
      expect((await ok(reader, "model.info")).mesh.elements).toBe(elements);
    } finally {
      child.kill("SIGKILL");
    }
  },
  240_000,
);
