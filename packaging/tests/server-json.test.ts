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

/** Every environment variable a server's own sources read (`env.NAME` or `env["NAME"]`). */
function envVarsRead(srcDir: string): string[] {
  const found = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (full.endsWith(".ts")) {
        for (const m of readFileSync(full, "utf8").matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[["']([A-Z][A-Z0-9_]+)["']\])/g)) found.add(m[1] ?? m[2]);
      }
    }
  };
  walk(srcDir);
  return [...found].sort();
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

  test("lists exactly the environment variables the server reads", () => {
    expect((pkg.environmentVariables ?? []).map((e) => e.name).sort()).toEqual(envVarsRead(join(REPO_ROOT, dir, "src")));
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
