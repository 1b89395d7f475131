import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { resolveRoots } from "../../src/cli/roots.js";
import { checkRoot, hostPathStyle } from "../../src/confinement/index.js";

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "fc-roots-")));
fs.mkdirSync(path.join(base, "project", "out"), { recursive: true });
fs.writeFileSync(path.join(base, "file.txt"), "x");
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
const style = hostPathStyle();

test("a relative root is taken against the working folder and kept as its real path", () => {
  expect(checkRoot("--automation-read-root", "project", base, style)).toEqual({ ok: true, real: path.join(base, "project") });
  expect(checkRoot("--automation-read-root", `project${path.sep}out${path.sep}..`, base, style)).toEqual({ ok: true, real: path.join(base, "project") });
});

test("a missing root, a file, an empty value and a NUL byte are refused naming the flag", () => {
  for (const raw of ["missing", "file.txt", "", "pro\0ject"]) {
    const checked = checkRoot("--automation-write-root", raw, base, style);
    expect(checked.ok, raw).toBe(false);
    if (!checked.ok) expect(checked.error).toContain("--automation-write-root");
  }
});

test("resolveRoots keeps the roots that were given and stops at the first bad one", () => {
  expect(resolveRoots({ mode: "headless", readRoot: "project" }, base, style)).toEqual({ ok: true, roots: { read: path.join(base, "project") } });
  expect(resolveRoots({ mode: "headless", readRoot: "project", writeRoot: "nope" }, base, style)).toMatchObject({
    ok: false,
    error: expect.stringContaining("--automation-write-root nope"),
  });
});
