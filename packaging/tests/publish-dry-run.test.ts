// `npm publish --dry-run` of every packed tarball: what the release would send, without sending it.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { packAll, type Packed } from "../src/pack.js";
import { run } from "../src/run.js";
import { publicPackages, REPO_ROOT } from "../src/workspace.js";

const packages = publicPackages();
let work = "";
let packed: Packed[] = [];

/** The files a package's build left in dist, without source maps: what must ship. */
function distFiles(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return distFiles(full, base);
    return full.endsWith(".map") ? [] : [`dist/${relative(base, full).split(sep).join("/")}`];
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcpw-publish-"));
  mkdirSync(join(work, "tarballs"));
  packed = packAll(packages, join(work, "tarballs"));
});

afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true });
});

describe.each(packages.map((p) => [p.manifest.name, p.dir] as const))("npm publish --dry-run %s", (name, dir) => {
  test("goes out with public access, holding exactly its build and LICENSE, README, CHANGELOG, package.json", () => {
    const tarball = packed.find((p) => p.name === name)!.tarball;
    // `./` makes npm read a file, not a git shorthand; --dry-run never contacts the registry to publish.
    const result = run("npm", ["publish", "--dry-run", "--json", `./${relative(work, tarball).split(sep).join("/")}`], { cwd: work, timeoutMs: 120_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/with tag latest and public access \(dry-run\)/);
    const report = JSON.parse(result.stdout) as Record<string, { name: string; files: Array<{ path: string }> }>;
    const files = report[name].files.map((f) => f.path).sort();
    const expected = ["CHANGELOG.md", "LICENSE", "README.md", "package.json", ...distFiles(join(REPO_ROOT, dir, "dist"))].sort();
    expect(files).toEqual(expected);
  });
});
