// Every tool's `outputSchema` through the built binary: published from 2025-06-18 only, in the shape every client
// compiles (mcp-core's rules), and every `structuredContent` of every tool, successes and failures alike, checked
// by the SDK Client's own validation (it throws on a mismatch). The schemas are not vacuous: the Client's
// validator refuses a tampered reply.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { schemaShapeProblems } from "@mcp-wrappers/mcp-core";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { serveSteppedBlockCopy, startRaw, type SteppedBlockServer } from "./helpers.js";
import { SEED_BATCH } from "../support/seed-session.js";

let server: SteppedBlockServer;
let tools: { name: string; inputSchema: Record<string, unknown>; outputSchema?: Record<string, unknown> }[];
const called = new Map<string, { ok: number; failed: number }>();

beforeAll(async () => {
  server = await serveSteppedBlockCopy("fc-mcp-output-");
  tools = (await server.client.listTools()).tools as typeof tools;
});
afterAll(async () => {
  await server?.close();
});

/** Calls a tool through the Client (which validates the reply against the tool's outputSchema) and tallies it. */
async function run(name: string, args: Record<string, unknown> = {}, expectError = false) {
  const result = (await server.client.callTool({ name, arguments: args }, undefined, { timeout: 300_000 })) as {
    isError?: boolean;
    structuredContent?: Record<string, unknown>;
    content: { type: string; text?: string }[];
  };
  const text = result.content.find((b) => b.type === "text")?.text ?? "";
  expect(result.isError === true, `${name}: ${text.slice(0, 300)}`).toBe(expectError);
  expect(result.structuredContent, `${name} has structuredContent`).toBeTypeOf("object");
  const tally = called.get(name) ?? { ok: 0, failed: 0 };
  if (expectError) tally.failed++;
  else tally.ok++;
  called.set(name, tally);
  return result.structuredContent!;
}

describe("output schemas", () => {
  test("every tool publishes an outputSchema on the newest protocol, and every schema has the client-safe shape", () => {
    expect(tools.length).toBeGreaterThan(10);
    for (const t of tools) {
      expect(t.outputSchema, t.name).toMatchObject({ type: "object" });
      expect(schemaShapeProblems(t.inputSchema), `${t.name} input`).toEqual([]);
      expect(schemaShapeProblems(t.outputSchema), `${t.name} output`).toEqual([]);
    }
  });

  test("outputSchema appears from 2025-06-18 and not before", async () => {
    for (const [version, expected] of [["2025-06-18", true], ["2025-03-26", false], ["2024-11-05", false]] as const) {
      const raw = startRaw();
      try {
        await raw.initialize(version);
        const listed = (await raw.request({ method: "tools/list" })) as { result: { tools: { name: string; outputSchema?: unknown }[] } };
        for (const t of listed.result.tools) expect("outputSchema" in t, `${version} ${t.name}`).toBe(expected);
        // The whole list stays small enough for a client to load at once (it was 231 KB with every result in full).
        if (expected) expect(JSON.stringify(listed).length, "tools/list bytes").toBeLessThan(40_000);
      } finally {
        await raw.close();
      }
    }
  });

  test("every tool's replies, successes and failures, validate against its outputSchema in the SDK Client", async () => {
    // Failures first, on an empty model: each still carries structuredContent the schema admits.
    await run("check_model");
    await run("inspect_model");
    await run("undo", {}, true);
    await run("redo", {}, true);
    await run("save", {}, true);
    await run("probe", {}, true);
    await run("reactions", {}, true);
    await run("show_results", {}, true);
    await run("solve", { analysis: "static" }, true);
    await run("mesh", { method: "tet" }, true);
    await run("write_deck", { format: "abaqus", path: "deck.inp" }, true);
    await run("open", { path: "missing.solidcraft" }, true);
    await run("screenshot", {}, true);
    await run("select", { nodes: [1] }, true);
    await run("select", { at: [1, 1] }, true);
    await run("selection", {});
    await run("execute", { command: "no.such.command" }, true);
    await run("batch", { commands: [{ command: "model.units" }, { command: "geometry.bodies" }] }, true);

    // Then the whole workflow.
    await run("list_commands");
    await run("list_commands", { filter: "mesh" });
    await run("open", { path: server.design });
    await run("inspect_model");
    await run("screenshot", { view: "front", width: 64, height: 48 });
    await run("mesh", { method: "tet", params: { body: "Steps", tolerance: 0.5 } });
    await run("batch", { commands: SEED_BATCH });
    await run("check_model");
    await run("select", { geometry: [{ body: "Steps", face: "F1:+x" }], faces: [{ element: 1, face: 1 }] });
    await run("selection", {});
    await run("solve", { analysis: "static", step: "Load" });
    await run("show_results", { step: "Load", field: "von_mises" });
    await run("probe", { step: "Load", nodes: [1, 2] });
    await run("reactions", { step: "Load", about: [0, 0, 0] });
    await run("screenshot", { camera: { yaw: 30, pitch: 20 }, width: 64, height: 48, path: "shot.png" });
    await run("write_deck", { format: "nastran", path: "deck.bdf" });
    await run("save", { path: "model.fieldcraft" });
    await run("save");
    await run("undo");
    await run("redo");
    await run("open", { path: "model.fieldcraft" });
    // execute: the union of every command's declared result; each kind of result passes the Client's check.
    for (const [command, params] of [
      ["model.info", {}],
      ["model.activity", {}],
      ["geometry.bodies", {}],
      ["mesh.quality", { worst: 2 }],
      ["model.units", {}],
      ["ui.camera", {}],
      ["ui.render", { width: 32, height: 32 }],
      ["solve.static", {}],
      ["results.contour", { field: "u3", scale: 2 }],
      ["file.sample", { name: "stepped-block" }],
    ] as const) {
      await run("execute", { command, params });
    }
    await run("inspect_model");

    const names = tools.map((t) => t.name).sort();
    expect([...called.keys()].sort()).toEqual(names);
    // Every tool has been seen succeeding (select and selection too: headless they hold the MCP App view's selection).
    for (const name of names) expect(called.get(name)!.ok, name).toBeGreaterThan(0);
  }, 600_000);

  test("the schemas refuse what a tool does not answer (checked with the Client's own validator)", async () => {
    const validator = new AjvJsonSchemaValidator();
    const schemaOf = (name: string) => validator.getValidator(tools.find((t) => t.name === name)!.outputSchema as never);
    await run("solve", { analysis: "static" }); // the sample the session ended on
    const reactions = await run("reactions", { step: "Load" });
    expect(schemaOf("reactions")(reactions).valid).toBe(true);
    expect(schemaOf("reactions")({ ...reactions, relative_imbalance: "small" }).valid).toBe(false);
    expect(schemaOf("reactions")({ ...reactions, surprise: 1 }).valid).toBe(false);
    // execute answers whatever its command answers: any object, or the failure (list_commands has each result schema).
    expect(schemaOf("execute")({ surprise: 1 }).valid).toBe(true);
    expect(schemaOf("execute")("text").valid).toBe(false);
    // The contract is exact over a reply's top two levels: a wrong type or a stray member there is refused.
    const shown = await run("show_results", { step: "Load" });
    expect(schemaOf("show_results")({ ...shown, contour: 5 }).valid).toBe(false);
    expect(schemaOf("show_results")({ ...shown, contour: { ...(shown.contour as object), surprise: 1 } }).valid).toBe(false);
  }, 120_000);
});
