import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { conformanceCases, type ConformanceCase } from "../src/testing/index.js";

// A naive server of the kind the suite exists to catch: it greets on stdout, answers a parse error
// with the wrong code and id, pins one version, and answers every method with {}.
const NAIVE_SERVER = `
import { createInterface } from "node:readline";
process.stdout.write("starting up\\n");
const out = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
for await (const line of createInterface({ input: process.stdin })) {
  let m;
  try { m = JSON.parse(line); } catch { out({ jsonrpc: "2.0", id: 0, error: { code: -32600, message: "bad" } }); continue; }
  if (Array.isArray(m) || m === null || typeof m !== "object" || !("id" in m)) continue;
  if (m.method === "initialize") {
    out({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: "2025-06-18", capabilities: { tools: {} }, serverInfo: { name: "naive", version: "0" }, instructions: "x" } });
  } else {
    out({ jsonrpc: "2.0", id: m.id, result: {} });
  }
}
`;

let dir = "";
let cases: ConformanceCase[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mcp-core-naive-"));
  const script = join(dir, "naive-server.mjs");
  await writeFile(script, NAIVE_SERVER);
  cases = conformanceCases({ command: process.execPath, args: [script], batch: false, timeoutMs: 10_000 });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const byName = (name: string): ConformanceCase => {
  const found = cases.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no conformance case named ${name}`);
  return found;
};

describe("the conformance suite fails a server that breaks the rules", () => {
  test.each([
    ["nothing is written to stdout before the first reply", /stdout stays silent/],
    ["invalid JSON is -32700 with id null, even when the text holds an id", /error code/],
    ["each spoken version is echoed; unknown, missing or malformed ones get 2025-11-25", /2025-11-25|2025-03-26|2024-11-05/],
    ["unknown methods are -32601 Method not found", /expected a -32601 error/],
    ["malformed tools/call params are -32602 naming the problem (arguments checked before the tool's existence)", /expected a -32602 error/],
  ])("%s", async (name, message) => {
    await expect(byName(name).run()).rejects.toThrow(message);
  });
});
