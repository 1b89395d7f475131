// What the registry page and a user's `npm ls` show: every shipped package carries the same
// licence, its own description, a repository folder, and publishes publicly with provenance.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { publicPackages, REPO_ROOT, workspaceGlobs, workspacePackages } from "../src/workspace.js";

const REPO_URL = "https://github.com/mcp-wrappers/mcp-wrappers";
const rootLicense = readFileSync(join(REPO_ROOT, "LICENSE"), "utf8");
const shipped = publicPackages();

describe("the workspace reader", () => {
  test("reads the packages: globs of pnpm-workspace.yaml, and nothing after them", () => {
    expect(workspaceGlobs("packages:\n  - packages/*\n  - 'apps/*'\n  - tools # a comment\nonlyBuiltDependencies:\n  - esbuild\n")).toEqual([
      "packages/*",
      "apps/*",
      "tools",
    ]);
  });
  test("finds every folder with a package.json under packages/ and apps/", () => {
    const dirs = workspacePackages().map((p) => p.dir);
    for (const parent of ["packages", "apps"]) {
      for (const entry of readdirSync(join(REPO_ROOT, parent))) {
        if (existsSync(join(REPO_ROOT, parent, entry, "package.json"))) expect(dirs).toContain(`${parent}/${entry}`);
      }
    }
  });
});

test("the repository has an Apache-2.0 LICENSE", () => {
  expect(rootLicense).toMatch(/Apache License\s+Version 2\.0, January 2004/);
});

describe.each(shipped.map((p) => [p.manifest.name, p] as const))("%s", (_name, { dir, manifest }) => {
  test("licence: SPDX Apache-2.0 and the repository's LICENSE file beside it", () => {
    expect(manifest.license).toBe("Apache-2.0");
    expect(readFileSync(join(REPO_ROOT, dir, "LICENSE"), "utf8")).toBe(rootLicense);
  });
  test("registry page: description, keywords, repository folder, homepage, bugs", () => {
    expect(manifest.description?.length ?? 0).toBeGreaterThan(30);
    expect(manifest.keywords?.length ?? 0).toBeGreaterThan(2);
    expect(manifest.repository).toEqual({ type: "git", url: `git+${REPO_URL}.git`, directory: dir });
    expect(manifest.homepage).toBe(`${REPO_URL}/tree/main/${dir}#readme`);
    expect(manifest.bugs).toEqual({ url: `${REPO_URL}/issues` });
    expect(existsSync(join(REPO_ROOT, dir, "README.md"))).toBe(true);
  });
  test("publishes publicly with provenance, ships dist only, says which Node", () => {
    expect(manifest.publishConfig).toEqual({ access: "public", provenance: true });
    expect(manifest.files).toEqual(["dist", "!dist/**/*.map", "CHANGELOG.md"]);
    expect(manifest.engines?.node).toBe(">=20.19");
  });
  test("has a CHANGELOG.md that changesets keeps", () => {
    expect(readFileSync(join(REPO_ROOT, dir, "CHANGELOG.md"), "utf8")).toMatch(new RegExp(`^# ${manifest.name.replace("/", "\\/")}`));
  });
  test("bins point into dist and start with a node shebang", () => {
    for (const target of Object.values(manifest.bin ?? {})) {
      expect(target).toMatch(/^\.\/dist\/.+\.js$/);
      expect(readFileSync(join(REPO_ROOT, dir, target), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    }
  });
});

describe("the MCP servers", () => {
  test.each(["apps/fz-mcp", "apps/fieldcraft-mcp"])("%s has an mcpName in the GitHub namespace and a bin", (dir) => {
    const manifest = shipped.find((p) => p.dir === dir)!.manifest;
    expect(manifest.mcpName).toBe(`io.github.mcp-wrappers/${dir.split("/")[1]}`);
    expect(Object.keys(manifest.bin ?? {})).toEqual([dir.split("/")[1]]);
  });
});

describe("@mcp-wrappers/mcp-core as a library", () => {
  const { manifest, dir } = shipped.find((p) => p.manifest.name === "@mcp-wrappers/mcp-core")!;

  test("zod is a peer with a 4.x range; the SDK an optional peer (for /testing), never a dependency", () => {
    // Its one runtime dependency is the workspace's own wire package (line framing, error wording).
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(["@mcp-wrappers/wire"]);
    expect(manifest.peerDependencies?.zod).toBe("^4.0.0");
    expect(manifest.peerDependencies?.["@modelcontextprotocol/sdk"]).toMatch(/^\^1\./);
    expect(manifest.peerDependenciesMeta).toEqual({ "@modelcontextprotocol/sdk": { optional: true } });
  });

  test("every entry point has types first, import, and a default condition (require on Node 20.19+)", () => {
    for (const entry of [".", "./testing"]) {
      const conditions = manifest.exports?.[entry] as Record<string, string>;
      expect(Object.keys(conditions)).toEqual(["types", "import", "default"]);
      expect(conditions.default).toBe(conditions.import);
      expect(existsSync(join(REPO_ROOT, dir, conditions.types))).toBe(true);
    }
  });

  test("the core's sources import the SDK for types only; only the /testing entry loads it, lazily", () => {
    const offenders: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name.endsWith(".ts")) {
          const text = readFileSync(full, "utf8");
          // A static value import would make the SDK a runtime requirement of whoever loads this file.
          if (/^import\s+(?!type\b)[^;]*from\s+["']@modelcontextprotocol\/sdk/m.test(text)) offenders.push(full);
        }
      }
    };
    walk(join(REPO_ROOT, dir, "src"));
    expect(offenders).toEqual([]);
  });
});
