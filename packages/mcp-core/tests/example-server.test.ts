import { spawn } from "node:child_process";
import { describe, expect, test } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { fileURLToPath } from "node:url";
import { RawDriver } from "../src/testing/index.js";
import { ECHO_SERVER, spawnEcho, withEcho } from "./helpers.js";

const NOISY_SERVER = fileURLToPath(new URL("./fixtures/noisy-server.ts", import.meta.url));

const unix = process.platform !== "win32";

describe("example server: behaviour beyond the shared suite", () => {
  test("whatever a tool prints goes to stderr; a forgotten rejection does not stop the server", async () => {
    const d = RawDriver.spawn({ command: process.execPath, args: ["--import", "tsx", NOISY_SERVER] });
    try {
      await d.initialize();
      const reply = await d.request({ method: "tools/call", params: { name: "noisy", arguments: {} } });
      expect(reply.result).toEqual({ content: [{ type: "text", text: "printed" }] });
      expect((await d.request({ method: "ping" })).result).toEqual({});
      d.endInput();
      expect(await d.waitExit()).toEqual({ code: 0, signal: null });
      expect(d.violations).toEqual([]);
      expect(d.stderr).toContain("noisy: console.log");
      expect(d.stderr).toContain("noisy: process.stdout.write");
      expect(d.stderr).toContain("noisy: forgotten rejection");
    } finally {
      await d.close();
    }
  });

  test.runIf(unix)("SIGTERM exits 143 and SIGINT 130, promptly, with a call running", async () => {
    for (const [signal, code] of [["SIGTERM", 143], ["SIGINT", 130]] as const) {
      const d = spawnEcho();
      await d.initialize();
      d.send(JSON.stringify({ jsonrpc: "2.0", id: "long", method: "tools/call", params: { name: "slow", arguments: { ms: 60_000 } } }));
      await d.request({ method: "ping" });
      const started = performance.now();
      d.kill(signal);
      expect(await d.waitExit(10_000)).toEqual({ code, signal: null });
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(d.messages.some((m) => (m as { id?: unknown }).id === "long")).toBe(false);
    }
  });

  test.runIf(unix)("a client that stops reading our stdout: the server notices the broken pipe and exits 1", async () => {
    const child = spawn(process.execPath, [ECHO_SERVER], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.stdout.destroy();
    child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
    const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(stderr).toMatch(/stdio failed: stdout/);
  });

  test("the SDK Client lists tools with output schemas, validates structured results, sees progress and -32602", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [ECHO_SERVER], stderr: "pipe" });
    const client = new Client({ name: "test", version: "0" });
    await client.connect(transport);
    try {
      expect(client.getServerVersion()).toEqual({ name: "mcp-core-echo", title: "mcp-core example", version: "0.1.0" });
      const { tools } = await client.listTools();
      expect(tools.find((t) => t.name === "measure")?.outputSchema?.required).toEqual(["length", "words", "unit"]);
      const measured = await client.callTool({ name: "measure", arguments: { text: "naïve café", unit: "bytes" } });
      // Independent check: the byte length as Node counts it.
      expect(measured.structuredContent).toEqual({ length: Buffer.byteLength("naïve café"), words: 2, unit: "bytes" });
      const failed = await client.callTool({ name: "fail", arguments: { message: "boom" } });
      expect(failed).toMatchObject({ isError: true, content: [{ type: "text", text: "Tool `fail` failed: boom" }] });
      const progress: number[] = [];
      const slow = await client.callTool({ name: "slow", arguments: { ms: 300, step_ms: 50 } }, undefined, {
        onprogress: (p) => progress.push(p.progress),
      });
      expect(slow.content).toEqual([{ type: "text", text: "slept 300 ms" }]);
      expect(progress.length).toBeGreaterThan(0);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
      const about = await client.readResource({ uri: "example://about" });
      expect(JSON.parse((about.contents[0] as { text: string }).text).tools).toContain("measure");
      await expect(client.callTool({ name: "measure", arguments: { text: "x", unit: "quad" } })).rejects.toThrow(
        'Invalid arguments for tool `measure`: unit: must be one of "chars", "bytes" (got "quad")',
      );
    } finally {
      await client.close();
    }
  });

  test("an SDK request cancelled through its AbortSignal is abandoned and the server keeps serving", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [ECHO_SERVER], stderr: "pipe" });
    const client = new Client({ name: "test", version: "0" });
    await client.connect(transport);
    try {
      const controller = new AbortController();
      const call = client.callTool({ name: "slow", arguments: { ms: 30_000 } }, undefined, { signal: controller.signal });
      setTimeout(() => controller.abort("enough"), 300);
      await expect(call).rejects.toThrow();
      await client.ping();
    } finally {
      await client.close();
    }
  });

  test("version echo through raw lines, before and after initialize", async () => {
    for (const v of ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]) {
      await withEcho(["--batch=100"], async (d) => {
        const early = await d.request({ method: "tools/call", params: { name: "measure", arguments: { text: "a b" } } });
        expect(early.result.structuredContent).toBeUndefined();
        expect((await d.initialize(v)).result.protocolVersion).toBe(v);
        const r = await d.request({ method: "tools/call", params: { name: "measure", arguments: { text: "a b" } } });
        expect("structuredContent" in r.result).toBe(v >= "2025-06-18");
      });
    }
  });

  test("a second initialize on one session is refused as an invalid request, and the session keeps serving in its era", async () => {
    await withEcho([], async (d) => {
      expect((await d.initialize("2025-06-18")).result.protocolVersion).toBe("2025-06-18");
      const again = await d.request({ method: "initialize", params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "t", version: "0" } } });
      expect(again.error).toMatchObject({ code: -32600, message: "Invalid Request" });
      expect(String(again.error?.data)).toMatch(/already initialized \(protocol 2025-06-18\)/);
      const r = await d.request({ method: "tools/call", params: { name: "measure", arguments: { text: "a b" } } });
      expect(r.result.structuredContent).toBeDefined();
      expect((await d.request({ method: "ping" })).result).toEqual({});
    });
  });
});
