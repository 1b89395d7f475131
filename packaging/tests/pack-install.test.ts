// What a user gets: every public package packed, installed with plain npm into an empty folder
// outside the workspace, then run the way the READMEs say. Needs the npm registry for third-party deps.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { packAll, type Packed } from "../src/pack.js";
import { mustRun, run, runAsync } from "../src/run.js";
import { recipeBlocks, shellWords } from "../src/recipes.js";
import { withClient } from "../src/session.js";
import { publicPackages, REPO_ROOT, type Manifest } from "../src/workspace.js";

/** A zod 4 other than the workspace's, so the peer range is exercised, not our own copy. */
const CONSUMER_ZOD = "4.0.17";
const FIXTURES = join(REPO_ROOT, "packaging", "fixtures", "consumer");
const FAKE_FZ = join(REPO_ROOT, "apps", "fz-mcp", "tests", "fixtures", "fz", "fz.mjs");
const TSC = join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc");

const packages = publicPackages();
let work = "";
let app = "";
let packed: Packed[] = [];

const installed = (name: string) => join(app, "node_modules", ...name.split("/"));
const installedManifest = (name: string) => JSON.parse(readFileSync(join(installed(name), "package.json"), "utf8")) as Manifest;

/** Every file below `base` (its own node_modules left out), as forward-slash paths relative to it. */
function filesUnder(base: string, dir = base): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (entry === "node_modules") return [];
    return statSync(full).isDirectory() ? filesUnder(base, full) : [relative(base, full).split(sep).join("/")];
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "mcpw-install-"));
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  packed = packAll(packages, tarballs);
  app = join(work, "app");
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "consumer", version: "0.0.0", private: true }));
  for (const f of readdirSync(FIXTURES)) copyFileSync(join(FIXTURES, f), join(app, f));
  mustRun(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", ...packed.map((p) => p.tarball), `zod@${CONSUMER_ZOD}`, "@types/node@20"],
    { cwd: app, timeoutMs: 280_000 },
  );
});

afterAll(() => {
  if (work !== "") rmSync(work, { recursive: true, force: true, maxRetries: 3 });
});

describe("the packed tarballs", () => {
  test("every public workspace package was packed and installed, outside the workspace", () => {
    expect(relative(REPO_ROOT, app).startsWith("..")).toBe(true);
    expect(packed.map((p) => p.name).sort()).toEqual(packages.map((p) => p.manifest.name).sort());
    for (const p of packed) expect(installedManifest(p.name).version).toBe(p.version);
  });

  test("internal dependencies name real versions (pnpm rewrote workspace:*)", () => {
    const versions = new Map(packed.map((p) => [p.name, p.version]));
    for (const p of packed) {
      const m = installedManifest(p.name);
      for (const [dep, range] of Object.entries({ ...m.dependencies, ...m.peerDependencies })) {
        expect(range, `${p.name} → ${dep}`).not.toMatch(/^workspace:/);
        if (versions.has(dep)) expect(range, `${p.name} → ${dep}`).toBe(versions.get(dep));
      }
    }
  });

  test("each holds its build, LICENSE, README and package.json, and no sources, tests or maps", () => {
    for (const p of packed) {
      const files = filesUnder(installed(p.name));
      expect(files, p.name).toEqual(expect.arrayContaining(["LICENSE", "README.md", "package.json"]));
      for (const f of files) expect(f, p.name).toMatch(/^(LICENSE|README\.md|CHANGELOG\.md|package\.json|dist\/.+\.(js|cjs|mjs|d\.ts|d\.cts|json|html))$/);
      const m = installedManifest(p.name);
      for (const target of Object.values(m.bin ?? {})) expect(existsSync(join(installed(p.name), target)), `${p.name} bin ${target}`).toBe(true);
    }
  });

  test("mcp-core brings neither the SDK nor its own zod: zod resolves to the consumer's", () => {
    const core = installedManifest("@mcp-wrappers/mcp-core");
    // Its one dependency is the workspace's wire package (line framing, error wording), which peers on zod too.
    expect(Object.keys(core.dependencies ?? {})).toEqual(["@mcp-wrappers/wire"]);
    expect(installedManifest("@mcp-wrappers/wire").dependencies ?? {}).toEqual({});
    expect(existsSync(join(app, "node_modules", "@modelcontextprotocol", "sdk"))).toBe(false);
    expect(existsSync(join(installed("@mcp-wrappers/mcp-core"), "node_modules"))).toBe(false);
    expect(installedManifest("zod").version).toBe(CONSUMER_ZOD);
  });
});

describe("the bins, as users run them", () => {
  const bins = packages.flatMap((p) => Object.keys(p.manifest.bin ?? {}).map((bin) => [bin, p.manifest.version] as const));

  test("there are the three bins the READMEs name", () => {
    expect(bins.map(([bin]) => bin).sort()).toEqual(expect.arrayContaining(["fieldcraft", "fieldcraft-mcp", "fz-mcp"]));
  });

  test.each(bins)("`npx %s --version` prints its package version", (bin, version) => {
    const result = mustRun("npx", ["--no-install", bin, "--version"], { cwd: app });
    expect(result.stdout).toBe(`${bin} ${version}\n`);
  });

  test("fz-mcp through the SDK client: initialize, tools/list, fz_doctor against a fake fz", async () => {
    const venture = mkdtempSync(join(work, "venture-"));
    await withClient(
      { command: "npx", args: ["--no-install", "fz-mcp", "--cwd", venture, "--", process.execPath, FAKE_FZ], cwd: app },
      async (client) => {
        expect(client.getServerVersion()?.version).toBe(installedManifest("@mcp-wrappers/fz-mcp").version);
        const { tools } = await client.listTools();
        expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["fz_doctor", "fz_error_codes"]));
        const result = await client.callTool({ name: "fz_doctor", arguments: {} });
        const envelope = result.structuredContent as { schema: number; ok: boolean };
        expect(envelope.schema).toBe(1);
        expect(typeof envelope.ok).toBe("boolean");
        expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(envelope);
      },
    );
  });

  test("fieldcraft-mcp through the SDK client: initialize, tools/list, list_commands", async () => {
    await withClient({ command: "npx", args: ["--no-install", "fieldcraft-mcp"], cwd: app }, async (client) => {
      expect(client.getServerVersion()?.version).toBe(installedManifest("@mcp-wrappers/fieldcraft-mcp").version);
      const { tools } = await client.listTools();
      expect(tools.length).toBeGreaterThan(5);
      const result = await client.callTool({ name: "list_commands", arguments: {} });
      expect(result.isError).not.toBe(true);
      expect(JSON.stringify(result.content).length).toBeGreaterThan(100);
    });
  });
});

describe("the clone route: `pnpm install-bins --prefix DIR` into an empty prefix", () => {
  let prefix = "";
  // A POSIX bin is a link to the script, started as it is; a Windows one is a `.cmd` shim (`@node "<script>" %*`),
  // which cannot be spawned without a shell, so the test starts node on the script the shim names.
  const binPath = (name: string): [string, ...string[]] => {
    if (process.platform !== "win32") return [join(prefix, "bin", name)];
    const shim = readFileSync(join(prefix, "bin", `${name}.cmd`), "utf8");
    const script = /^@node "([^"]+)" %\*/.exec(shim)?.[1];
    expect(script, shim).toBeDefined();
    return [process.execPath, script!];
  };
  const recipeLines = (recipeBlocks(readFileSync(join(REPO_ROOT, "README.md"), "utf8")).get("claude-code-local") ?? "").split("\n").filter((l) => l.trim() !== "");

  beforeAll(async () => {
    prefix = join(work, "prefix");
    const result = await runAsync(process.execPath, [join(REPO_ROOT, "tools", "install-bins.mjs"), "--prefix", prefix], { cwd: REPO_ROOT, timeoutMs: 280_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("");
  }, 300_000);

  test("every bin a package ships is in DIR/bin and prints its version", () => {
    for (const p of packages)
      for (const bin of Object.keys(p.manifest.bin ?? {})) {
        const [command, ...first] = binPath(bin);
        expect(mustRun(command, [...first, "--version"], { cwd: work }).stdout).toBe(`${bin} ${p.manifest.version}\n`);
      }
  });

  test("each server of the README's local recipe starts from DIR/bin and answers the SDK client", async () => {
    expect(recipeLines).toHaveLength(2);
    const venture = mkdtempSync(join(work, "venture-"));
    for (const line of recipeLines) {
      const [bin, ...args] = shellWords(line).slice(5);
      // The recipe's venture and fz stand for the user's: a temp folder and the fake fz.
      const own = bin === "fz-mcp" ? ["--cwd", venture, "--", process.execPath, FAKE_FZ] : args;
      const [command, ...first] = binPath(bin);
      await withClient({ command, args: [...first, ...own], cwd: work }, async (client) => {
        const { tools } = await client.listTools();
        expect(tools.length, line).toBeGreaterThan(5);
        const name = bin === "fz-mcp" ? "fz_doctor" : "list_commands";
        const result = await client.callTool({ name, arguments: {} });
        expect(result.structuredContent, line).toBeTypeOf("object");
      });
    }
  });
});

describe("mcp-core as a library", () => {
  test("`import` and `require` load the same entry points", () => {
    const esm = JSON.parse(mustRun(process.execPath, ["esm.mjs"], { cwd: app }).stdout) as { core: string[]; testing: string[] };
    const cjs = mustRun(process.execPath, ["cjs.cjs"], { cwd: app });
    expect(JSON.parse(cjs.stdout)).toEqual(esm);
    expect(cjs.stderr).toBe("");
    expect(esm.core).toEqual(expect.arrayContaining(["defineServer", "serveStdio", "tool", "jsonResult"]));
    expect(esm.testing).toEqual(expect.arrayContaining(["RawDriver", "runConformance"]));
  });

  test("a server built on it with the consumer's zod serves tools/list and tools/call to the SDK client", async () => {
    await withClient({ command: process.execPath, args: ["server.mjs"], cwd: app }, async (client) => {
      const { tools } = await client.listTools();
      expect(tools[0].inputSchema).toMatchObject({ type: "object", required: ["text"], additionalProperties: false });
      expect(tools[0].outputSchema).toMatchObject({ type: "object", required: ["loud"] });
      const result = await client.callTool({ name: "shout", arguments: { text: "hi" } });
      expect(result.structuredContent).toEqual({ loud: "HI" });
    });
  });

  test("tsc type-checks a consumer under nodenext (ESM and CommonJS files) and bundler, skipLibCheck off", async () => {
    // Side by side: each spends most of its time in zod's declarations.
    const results = await Promise.all(
      ["tsconfig.nodenext.json", "tsconfig.bundler.json"].map((config) => runAsync(process.execPath, [TSC, "-p", config], { cwd: app, timeoutMs: 280_000 })),
    );
    for (const result of results) {
      expect(result.stdout + result.stderr).toBe("");
      expect(result.status).toBe(0);
    }
  });

  test("the type check can fail: a consumer that misuses the API is refused", () => {
    writeFileSync(join(app, "broken.mts"), 'import { textResult } from "@mcp-wrappers/mcp-core";\nexport const n: number = textResult("x");\n');
    writeFileSync(join(app, "tsconfig.broken.json"), JSON.stringify({ extends: "./tsconfig.bundler.json", compilerOptions: { skipLibCheck: true }, files: ["broken.mts"] }));
    const result = run(process.execPath, [TSC, "-p", "tsconfig.broken.json"], { cwd: app, timeoutMs: 280_000 });
    expect(result.status).not.toBe(0);
    expect(result.stdout).toContain("broken.mts");
  });
});
