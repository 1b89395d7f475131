// The MCP Registry entry of each server: valid against the registry's schema, and saying what the
// package really is (name, version, npm identifier, the flags and environment variables it reads).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { serverJsonValidator } from "../src/registry-schema.js";
import { REPO_ROOT, workspacePackages } from "../src/workspace.js";

const validate = serverJsonValidator();
const servers = workspacePackages().filter((p) => p.manifest.mcpName !== undefined);

interface ServerJson {
  $schema: string;
  name: string;
  version: string;
  repository: { url: string; source: string; subfolder: string };
  packages: Array<{
    registryType: string;
    identifier: string;
    version: string;
    runtimeHint?: string;
    transport: { type: string };
    packageArguments?: Array<{ type: string; name?: string }>;
    environmentVariables?: Array<{ name: string }>;
  }>;
}

/**
 * Every environment variable of the product's own (FIELDCRAFT_*, FZ_MCP_*) that a server's sources or its workspace
 * dependencies' sources read (`env.NAME`, `env["NAME"]`, or a `..._ENV = "NAME"` constant), less the switches
 * that are not the user's: development checks and tuning that tests set, and markers the server sets for its own
 * children. The registry entry lists the variables a user sets, and only those.
 */
const NOT_THE_USERS = new Set([
  "FIELDCRAFT_CHECK_RESULTS", // checks every engine result against its schema: tests and development
  "FIELDCRAFT_PARALLEL_MIN_ENTRIES", // sends small products through the worker pool: tests
  "FIELDCRAFT_KERNELS", // TypeScript or WebAssembly kernels: an A/B switch for benchmarks
  "FZ_MCP_CALL", // set by fz-mcp on the fz children it starts, to find them again
]);

function envVarsRead(dir: string): string[] {
  const found = new Set<string>();
  const pattern = /\benv(?:\.([A-Z][A-Z0-9_]+)|\[["']([A-Z][A-Z0-9_]+)["']\])|_ENV\s*=\s*["']([A-Z][A-Z0-9_]+)["']/g;
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const full = join(folder, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (full.endsWith(".ts")) for (const m of readFileSync(full, "utf8").matchAll(pattern)) found.add(m[1] ?? m[2] ?? m[3]);
    }
  };
  const byName = new Map(workspacePackages().map((p) => [p.manifest.name, p]));
  const seen = new Set<string>();
  const visit = (pkgDir: string) => {
    if (seen.has(pkgDir)) return;
    seen.add(pkgDir);
    walk(join(REPO_ROOT, pkgDir, "src"));
    const manifest = workspacePackages().find((p) => p.dir === pkgDir)!.manifest;
    for (const dep of Object.keys(manifest.dependencies ?? {})) {
      const local = byName.get(dep);
      if (local) visit(local.dir);
    }
  };
  visit(dir);
  return [...found].filter((name) => /^(FIELDCRAFT|FZ_MCP)_/.test(name) && !NOT_THE_USERS.has(name)).sort();
}

test("there are two servers with an mcpName", () => {
  expect(servers.map((s) => s.dir).sort()).toEqual(["apps/fieldcraft-mcp", "apps/fz-mcp"]);
});

test("the validator refuses what the registry refuses", () => {
  const good = JSON.parse(readFileSync(join(REPO_ROOT, "apps", "fz-mcp", "server.json"), "utf8")) as ServerJson;
  expect(validate(good)).toEqual({ ok: true });
  const { name: _n, ...nameless } = good;
  expect(validate(nameless).ok).toBe(false);
  expect(validate({ ...good, name: "no-slash" }).ok).toBe(false);
  expect(validate({ ...good, description: "x".repeat(101) }).ok).toBe(false);
  expect(validate({ ...good, packages: [{ ...good.packages[0], version: "latest" }] }).ok).toBe(false);
  expect(validate({ ...good, packages: [{ ...good.packages[0], transport: { type: "pigeon" } }] }).ok).toBe(false);
});

describe.each(servers.map((s) => [s.dir, s] as const))("%s/server.json", (dir, { manifest }) => {
  const serverJson = JSON.parse(readFileSync(join(REPO_ROOT, dir, "server.json"), "utf8")) as ServerJson;
  const pkg = serverJson.packages[0];

  test("validates against the registry's 2025-12-11 schema", () => {
    expect(validate(serverJson)).toEqual({ ok: true });
    expect(serverJson.$schema).toBe("https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json");
  });

  test("names the package it describes: mcpName, version, npm identifier, stdio, npx", () => {
    expect(serverJson.name).toBe(manifest.mcpName);
    expect(serverJson.version).toBe(manifest.version);
    expect(serverJson.repository.subfolder).toBe(dir);
    expect(serverJson.packages).toHaveLength(1);
    expect(pkg).toMatchObject({ registryType: "npm", identifier: manifest.name, version: manifest.version, runtimeHint: "npx", transport: { type: "stdio" } });
  });

  test("lists exactly the environment variables a user sets, read by the server or the packages it runs", () => {
    expect((pkg.environmentVariables ?? []).map((e) => e.name).sort()).toEqual(envVarsRead(dir));
  });

  test("every named argument is a flag the built server's --help documents", () => {
    const bin = Object.values(manifest.bin ?? {})[0];
    const help = spawnSync(process.execPath, [join(REPO_ROOT, dir, bin), "--help"], { encoding: "utf8", input: "" });
    expect(help.status).toBe(0);
    for (const arg of pkg.packageArguments ?? []) {
      if (arg.type === "named") expect(help.stdout).toContain(`${arg.name} `);
    }
  });
});
