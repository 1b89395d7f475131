import { describe, expect, test } from "vitest";
import type { Backend, CaptureRequest, CommandInfo, CommandOutcome } from "../../src/backend/types.js";
import { CatalogueView } from "../../src/tools/catalogue-view.js";
import { buildTools } from "../../src/tools/table.js";

// A recording backend over a small catalogue: the tool layer's own logic (routing, batches, enums, clamping) under test.
function info(id: string, schema: Record<string, unknown> = { type: "object", properties: {} }): CommandInfo {
  return { id, label: id, params: [], schema, result: { type: "object" }, requires: [], effects: { mutates: false, reads: false, writes: false } };
}

const CATALOGUE: CommandInfo[] = [
  info("model.info"),
  info("model.check"),
  info("geometry.open"),
  info("file.save"),
  info("mesh.tet.generate"),
  info("mesh.quality"),
  info("solve.static"),
  info("results.contour", { type: "object", properties: { field: { type: "string", enum: ["displacement", "von_mises"] } } }),
  info("deck.write", { type: "object", properties: { format: { anyOf: [{ type: "string", const: "abaqus" }, { type: "string", const: "nastran" }] } } }),
  info("ui.render"),
  info("ui.camera", { type: "object", properties: { view: { type: "string", enum: ["iso", "front"] } } }),
  info("edit.undo"),
];

function recordingBackend(fail?: (command: string, params: unknown) => string | undefined) {
  const calls: { command: string; params: unknown }[] = [];
  const captures: CaptureRequest[] = [];
  const backend: Backend = {
    hasUi: false,
    async execute(command, params): Promise<CommandOutcome> {
      calls.push({ command, params });
      const error = fail?.(command, params);
      return error === undefined ? { ok: true, result: { ran: command, params } } : { ok: false, error };
    },
    catalogue: () => CATALOGUE,
    async capture(request) {
      captures.push(request);
      // 1x1 PNG header is enough for the size reader: signature, IHDR length, "IHDR", width 20, height 30.
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 20, 0, 0, 0, 30]);
      return { ok: true, png, result: { drawn: "model" } };
    },
    describe: () => ({ kind: "headless", name: "test", version: "0", hasUi: false }),
    close: async () => {},
  };
  return { backend, calls, captures };
}

const ctx = { signal: new AbortController().signal, progress: () => {}, protocolVersion: "2025-06-18", structured: true, requestId: 1 };

function rows(backend: Backend) {
  return new Map(buildTools({ backend, catalogue: new CatalogueView(CATALOGUE) }).map((row) => [row.name, row]));
}

describe("the tool table follows the catalogue", () => {
  const table = rows(recordingBackend().backend);
  test("tools whose command is missing are left out; the rest are present", () => {
    expect([...table.keys()]).toEqual([
      "list_commands", "execute", "batch", "inspect_model", "check_model", "open", "save", "write_deck", "mesh", "solve",
      "show_results", "screenshot", "select", "selection", "undo", "redo",
    ]);
  });
  test("enums come from the engine: mesh methods, analyses, deck formats, fields, views", () => {
    const props = (name: string) => (table.get(name)!.inputSchema as unknown as { properties: Record<string, { enum?: string[] }> }).properties;
    expect(props("mesh").method.enum).toEqual(["tet"]);
    expect(props("solve").analysis.enum).toEqual(["static"]);
    expect(props("write_deck").format.enum).toEqual(["abaqus", "nastran"]);
    expect(props("show_results").field.enum).toEqual(["displacement", "von_mises"]);
    expect(props("screenshot").view.enum).toEqual(["iso", "front"]);
  });
  test("arguments outside the schema are refused naming the argument", () => {
    expect(table.get("mesh")!.validate({ method: "hex" })).toMatchObject({ ok: false, message: expect.stringContaining("method") });
    expect(table.get("open")!.validate({})).toMatchObject({ ok: false, message: expect.stringContaining("path") });
    expect(table.get("undo")!.validate({ extra: 1 })).toMatchObject({ ok: false, message: expect.stringContaining("extra") });
    expect(table.get("batch")!.validate({ commands: Array.from({ length: 10_001 }, () => ({ command: "model.info" })) })).toMatchObject({
      ok: false,
      message: expect.stringContaining("at most 10000"),
    });
  });
});

describe("tool behaviour", () => {
  test("batch stops at the first failure and reports it with the earlier results", async () => {
    const { backend, calls } = recordingBackend((command) => (command === "boom" ? "boom failed: fix x" : undefined));
    const batch = rows(backend).get("batch")!;
    const result = await batch.run({ commands: [{ command: "a" }, { command: "b", params: { x: 1 } }, { command: "boom" }, { command: "never" }] }, ctx);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ ok: false, completed: 2, failed: { index: 2, command: "boom", error: "boom failed: fix x" } });
    expect(calls.map((c) => c.command)).toEqual(["a", "b", "boom"]);
  });
  test("open routes by extension and refuses others naming the supported ones", async () => {
    const { backend, calls } = recordingBackend();
    const open = rows(backend).get("open")!;
    expect((await open.run({ path: "/x/steps.SOLIDCRAFT" }, ctx)).isError).toBeUndefined();
    expect(calls[0]).toEqual({ command: "geometry.open", params: { path: "/x/steps.SOLIDCRAFT" } });
    const refused = await open.run({ path: "/x/model.step" }, ctx);
    expect(refused.isError).toBe(true);
    expect(refused.content[0]).toMatchObject({ text: expect.stringContaining(".solidcraft") });
  });
  test("mesh runs the mesher, then model.info and mesh.quality", async () => {
    const { backend, calls } = recordingBackend();
    await rows(backend).get("mesh")!.run({ method: "tet", params: { body: "Steps" } }, ctx);
    expect(calls.map((c) => c.command)).toEqual(["mesh.tet.generate", "model.info", "mesh.quality"]);
  });
  test("an engine failure is an isError result carrying the engine's message", async () => {
    const { backend } = recordingBackend(() => "no mesh: run mesh.tet.generate first");
    const result = await rows(backend).get("solve")!.run({ analysis: "static", step: "Load" }, ctx);
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: "no mesh: run mesh.tet.generate first" }] });
  });
  test("screenshot clamps picture sides, turns the camera first and says what it shows", async () => {
    const { backend, calls, captures } = recordingBackend();
    const result = await rows(backend).get("screenshot")!.run({ view: "iso", width: 5, height: 100_000 }, ctx);
    expect(calls).toEqual([{ command: "ui.camera", params: { view: "iso" } }]);
    expect(captures).toEqual([{ command: "ui.render", params: { width: 16, height: 4096 } }]);
    expect(result.content[0]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(JSON.parse((result.content[1] as { text: string }).text)).toMatchObject({ source: "model", width: 20, height: 30, view: "iso" });
  });
  test("headless, select, selection and a window screenshot are tool errors pointing at --connect", async () => {
    const table = rows(recordingBackend().backend);
    for (const [name, args] of [["select", { nodes: [1] }], ["selection", {}], ["screenshot", { source: "window" }]] as const) {
      const result = await table.get(name)!.run(args, ctx);
      expect(result.isError, name).toBe(true);
      expect((result.content[0] as { text: string }).text).toContain("--connect");
    }
  });
});
