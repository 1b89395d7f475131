// The client recipes in the READMEs, checked: each JSON block parses under the key its client
// reads, each command is `npx -y <a shipped package with a bin>`, and the server's own argument
// parser accepts what follows. fz-mcp's "try it" is run for real, from a folder outside the repo.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { resolveConfig } from "../../apps/fz-mcp/src/cli/resolve-config.js";
import { parseOptions } from "../../apps/fieldcraft-mcp/src/cli/options.js";
import { recipeBlocks, shellWords } from "../src/recipes.js";
import { withClient } from "../src/session.js";
import { publicPackages, REPO_ROOT } from "../src/workspace.js";

const rootReadme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const recipes = recipeBlocks(rootReadme);
const shipped = new Map(publicPackages().map((p) => [p.manifest.name, p.manifest]));

/** The root key each client reads its servers from. */
const ROOT_KEY: Record<string, string> = {
  "claude-desktop-macos": "mcpServers",
  "claude-desktop-windows": "mcpServers",
  vscode: "servers",
  cursor: "mcpServers",
  windsurf: "mcpServers",
};

interface Launch {
  pkg: string;
  args: string[];
  env: Record<string, string>;
}

/** The shipped package whose bin is `name` (the clone route starts bins by name), if any. */
const byBin = (name: string) => [...shipped].find(([, m]) => Object.keys(m.bin ?? {}).includes(name))?.[0];

/** `[cmd /c] npx -y <package> <args…>`, or a bin by name (`install-bins`), → the package and the server's own arguments. */
function launch(command: string, args: readonly string[], env: Record<string, string> = {}): Launch {
  let words = [command, ...args];
  if (words[0] === "cmd") {
    expect(words[1]).toBe("/c");
    words = words.slice(2);
  }
  const bin = byBin(words[0]);
  if (bin !== undefined) return { pkg: bin, args: words.slice(1), env };
  expect(words.slice(0, 2)).toEqual(["npx", "-y"]);
  return { pkg: words[2], args: words.slice(3), env };
}

/** The shipped package exists with one bin, and that server's parser accepts the arguments. */
function expectRuns({ pkg, args, env }: Launch): void {
  const manifest = shipped.get(pkg);
  expect(manifest, `${pkg} is a shipped package`).toBeDefined();
  expect(Object.keys(manifest?.bin ?? {})).toHaveLength(1);
  if (pkg === "@mcp-wrappers/fz-mcp") expect(resolveConfig(args, env).kind, args.join(" ")).toBe("serve");
  else if (pkg === "@mcp-wrappers/fieldcraft-mcp") expect(parseOptions(args).kind, args.join(" ")).toBe("run");
  else throw new Error(`a recipe launches ${pkg}, which is not an MCP server`);
}

test("shellWords splits like a POSIX shell for the forms the recipes use", () => {
  expect(shellWords('npx x -e FZ_MCP_COMMAND="cargo run -q --bin fz --" -e A=b -- node "$REPO/a b.js" # note')).toEqual([
    "npx", "x", "-e", "FZ_MCP_COMMAND=cargo run -q --bin fz --", "-e", "A=b", "--", "node", "$REPO/a b.js",
  ]);
});

test("the root README has a recipe for every client the issue names", () => {
  expect([...recipes.keys()].sort()).toEqual(["claude-code", "claude-code-local", "claude-desktop-macos", "claude-desktop-windows", "cursor", "inspector", "inspector-node22", "vscode", "windsurf"]);
});

describe.each(Object.keys(ROOT_KEY))("the %s recipe", (id) => {
  test("parses, uses its client's root key, and every server in it starts", () => {
    const config = JSON.parse(recipes.get(id) ?? "null") as Record<string, Record<string, { command: string; args: string[]; env?: Record<string, string>; type?: string }>>;
    expect(Object.keys(config)).toEqual([ROOT_KEY[id]]);
    const servers = Object.values(config[ROOT_KEY[id]]);
    expect(servers.length).toBe(2);
    for (const server of servers) {
      if (id === "vscode") expect(server.type).toBe("stdio");
      if (id === "claude-desktop-windows") expect(server.command).toBe("cmd");
      expectRuns(launch(server.command, server.args, server.env));
    }
  });
});

test.each([
  ["claude-code", "npx -y <package>"],
  ["claude-code-local", "the bin install-bins put on PATH"],
])("the %s recipe: `claude mcp add <name> -- <%s> …` for both servers", (id) => {
  const lines = (recipes.get(id) ?? "").split("\n").filter((l) => l.trim() !== "");
  expect(lines).toHaveLength(2);
  for (const line of lines) {
    const words = shellWords(line);
    expect(words.slice(0, 3)).toEqual(["claude", "mcp", "add"]);
    expect(words[4]).toBe("--");
    if (id === "claude-code-local") expect(byBin(words[5]), words[5]).toBeDefined();
    expectRuns(launch(words[5], words.slice(6)));
  }
});

test("the Inspector recipes: a pinned version (0.15.0 runs on Node 20, 2.x needs 22.19), its options, then `--`, then the server", () => {
  const pinned = { inspector: "@modelcontextprotocol/inspector@0.15.0", "inspector-node22": "@modelcontextprotocol/inspector@2.12.0" };
  const lines = Object.entries(pinned).flatMap(([recipe, pkg]) =>
    (recipes.get(recipe) ?? "").split("\n").filter((l) => l.trim() !== "").map((line) => ({ line, pkg, recipe })),
  );
  expect(lines.length).toBeGreaterThanOrEqual(4);
  for (const { line, pkg, recipe } of lines) {
    const words = shellWords(line);
    expect(words.slice(0, 2)).toEqual(["npx", pkg]);
    // 0.15.0 takes every `--` as its own: the server after it must not need one.
    if (recipe === "inspector") expect(words.filter((w) => w === "--"), line).toHaveLength(1);
    const end = words.indexOf("--");
    expect(end, line).toBeGreaterThan(1);
    const options = words.slice(2, end);
    const env: Record<string, string> = {};
    options.forEach((word, i) => {
      if (word === "-e") {
        const [key, ...value] = options[i + 1].split("=");
        env[key] = value.join("=");
        expect(key).toMatch(/^FZ_MCP_(CWD|COMMAND|TIMEOUT_SECS)$/);
      }
    });
    expectRuns(launch(words[end + 1], words.slice(end + 2), env));
  }
});

test("fz-mcp's try-it command works from a folder outside the repository", async () => {
  const block = recipeBlocks(readFileSync(join(REPO_ROOT, "apps", "fz-mcp", "README.md"), "utf8")).get("try-it") ?? "";
  const line = block.split("\n").find((l) => l.startsWith("mkdir -p /tmp/demo && "));
  expect(line).toBeDefined();
  const demo = mkdtempSync(join(tmpdir(), "fz-demo-"));
  const words = shellWords((line ?? "").slice("mkdir -p /tmp/demo && ".length))
    .map((w) => w.replace("$REPO", REPO_ROOT).replace(/^\/tmp\/demo$/, demo));
  expect(words[0]).toBe("node");
  await withClient({ command: process.execPath, args: words.slice(1), cwd: tmpdir() }, async (client) => {
    const result = await client.callTool({ name: "fz_doctor", arguments: {} });
    expect((result.structuredContent as { schema: number }).schema).toBe(1);
  });
});
