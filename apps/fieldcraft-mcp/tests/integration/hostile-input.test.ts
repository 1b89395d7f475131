import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { RawDriver, RpcMessage } from "@mcp-wrappers/mcp-core/testing";
import { startRaw } from "./helpers.js";

// Input no client should send, through the built binary on raw lines: every one answered as the seed says,
// and the server keeps serving after each.
let d: RawDriver;
let nextId = 1000;

beforeAll(async () => {
  d = startRaw();
  const init = await d.initialize("2025-06-18");
  expect(init.result.protocolVersion).toBe("2025-06-18");
});

afterAll(async () => {
  await d?.close();
});

async function stillServing() {
  const id = nextId++;
  expect(await d.request({ method: "ping", id })).toEqual({ jsonrpc: "2.0", id, result: {} });
}

function callTool(name: string, args: unknown, timeoutMs = 60_000): Promise<RpcMessage> {
  return d.request({ method: "tools/call", params: { name, arguments: args }, id: nextId++ }, timeoutMs);
}

describe("malformed lines", () => {
  test.each([
    ["not JSON", "{not json"],
    ["a truncated object", '{"jsonrpc":"2.0","id":1,"method":"ping"'],
    ["a blank line", "   "],
    ["a bare string", '"ping"'],
  ])("%s is a parse error or an invalid request, id null", async (_what, line) => {
    d.send(line);
    const reply = (await d.next()) as RpcMessage;
    expect(reply.id).toBeNull();
    expect([-32700, -32600]).toContain(reply.error?.code);
    await stillServing();
  });

  test("bytes that are not UTF-8 are a parse error", async () => {
    d.send(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]));
    const reply = (await d.next()) as RpcMessage;
    expect(reply.error?.code).toBe(-32700);
    await stillServing();
  });
});

describe("deep nesting", () => {
  test("arguments nested deeper than 128 levels are a parse error", async () => {
    const deep = "[".repeat(200) + "]".repeat(200);
    d.send(`{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"execute","arguments":{"command":"model.info","params":{"x":${deep}}}}}`);
    const reply = (await d.next()) as RpcMessage;
    expect(reply.error?.code).toBe(-32700);
    await stillServing();
  });

  test("nesting within the limit reaches the engine, which names what is wrong", async () => {
    let nested: unknown = 1;
    for (let i = 0; i < 100; i++) nested = { a: nested };
    const reply = await callTool("execute", { command: "model.units", params: { system: nested } });
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text).toContain("system");
    await stillServing();
  });
});

describe("huge parameters", () => {
  test("a line over 16 MiB is answered `request too large` and skipped", async () => {
    const filler = "x".repeat(17 * 1024 * 1024);
    await d.write(`{"jsonrpc":"2.0","id":"huge","method":"tools/call","params":{"name":"execute","arguments":{"command":"model.info","params":{"x":"${filler}"}}}}\n`);
    const reply = (await d.next(60_000)) as RpcMessage;
    expect(reply.id).toBeNull();
    expect(reply.error?.message).toContain("request too large");
    await stillServing();
  });

  test("a 12 MiB parameter under the line limit is refused by the engine as a tool error", async () => {
    const name = "n".repeat(12 * 1024 * 1024);
    const reply = await callTool("execute", { command: "model.set.create", params: { name, geometry: [{ body: "Steps" }] } });
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text.length).toBeLessThan(100_000);
    await stillServing();
  });
});

describe("unknown tools and arguments outside the schema are -32602 naming the argument", () => {
  test.each([
    ["an unknown tool", "no_such_tool", {}, "no_such_tool"],
    ["a missing argument", "open", {}, "path"],
    ["a wrong type", "open", { path: 3 }, "path"],
    ["an unknown argument", "undo", { force: true }, "force"],
    ["a value outside an enum", "mesh", { method: "quad" }, "method"],
    ["an analysis the engine lacks", "solve", { analysis: "plasma" }, "analysis"],
    ["a deck format the engine lacks", "write_deck", { format: "ansys", path: "x.inp" }, "format"],
    ["a wrong type inside a batch", "batch", { commands: [{ command: 7 }] }, "commands[0].command"],
  ])("%s", async (_what, name, args, mentions) => {
    const reply = await callTool(name, args);
    expect(reply.error?.code, JSON.stringify(reply)).toBe(-32602);
    expect(reply.error?.message).toContain(mentions);
    await stillServing();
  });
});

describe("the batch tool", () => {
  test("10 001 commands are refused, naming `commands`", async () => {
    const commands = Array.from({ length: 10_001 }, () => ({ command: "model.activity" }));
    const reply = await callTool("batch", { commands });
    expect(reply.error?.code).toBe(-32602);
    expect(reply.error?.message).toContain("commands");
    expect(reply.error?.message).toContain("10000");
    await stillServing();
  });

  test("10 000 commands run", async () => {
    const commands = Array.from({ length: 10_000 }, () => ({ command: "model.activity" }));
    const reply = await callTool("batch", { commands }, 180_000);
    expect(reply.result.isError).toBeUndefined();
    expect(reply.result.structuredContent).toMatchObject({ ok: true, completed: 10_000 });
    await stillServing();
  }, 240_000);

  test("a failing step is reported with its index, command and error; earlier steps stay applied", async () => {
    const reply = await callTool("batch", {
      commands: [
        { command: "model.units", params: { system: "mm-t-s-N-MPa" } },
        { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } } },
        { command: "model.section.create", params: { name: "s", set: "nothing", material: "Steel", kind: { type: "solid" } } },
        { command: "model.units", params: { system: "mm-t-s-N-MPa" } },
      ],
    });
    expect(reply.result.isError).toBe(true);
    const { failed, completed, results } = reply.result.structuredContent;
    expect(failed).toMatchObject({ index: 2, command: "model.section.create" });
    expect(failed.error).toMatch(/^model.section.create: .+/);
    expect(completed).toBe(2);
    expect(results).toHaveLength(2);
    const info = await callTool("execute", { command: "model.info" });
    expect(info.result.structuredContent.counts.materials).toBe(1);
    await stillServing();
  });
});

describe("select and selection headless", () => {
  test.each([[{ at: [1, 1] }], [{ box: [0, 0, 10, 10] }]])("select %j picks pixels of the app's window: a tool error pointing at --connect", async (args) => {
    const reply = await callTool("select", args);
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text).toContain("--connect");
    await stillServing();
  });
  test("ids that do not exist are refused by name; selection answers with the (empty) selection", async () => {
    const reply = await callTool("select", { nodes: [999_999_999] });
    expect(reply.result.isError).toBe(true);
    expect(reply.result.content[0].text).toMatch(/node|mesh/);
    const selection = await callTool("selection", {});
    expect(selection.result.isError).toBeFalsy();
    await stillServing();
  });
});

describe("JSON-RPC batches (before 2025-06-18)", () => {
  test("at most 100 messages; 101 is an invalid request", async () => {
    // A session negotiates once, so the older era needs a server of its own.
    const old = startRaw();
    try {
      await old.initialize("2025-03-26");
      const ping = (i: number) => ({ jsonrpc: "2.0", id: `b${i}`, method: "ping" });
      old.send(JSON.stringify(Array.from({ length: 100 }, (_, i) => ping(i))));
      const replies = (await old.next()) as RpcMessage[];
      expect(Array.isArray(replies) && replies.length).toBe(100);
      old.send(JSON.stringify(Array.from({ length: 101 }, (_, i) => ping(i))));
      const refused = (await old.next()) as RpcMessage;
      expect(refused.error?.code).toBe(-32600);
      expect((await old.request({ method: "ping" })).result).toEqual({});
    } finally {
      await old.close();
    }
  });

  test("a second initialize on the session is refused as an invalid request, and serving continues", async () => {
    const again = await d.request({ method: "initialize", params: { protocolVersion: "2025-03-26", capabilities: {} } });
    expect(again.error?.code).toBe(-32600);
    await stillServing();
  });
});

test("stdout carried protocol messages only", () => {
  expect(d.violations).toEqual([]);
});
