// The SDK's own Client over its StreamableHTTPClientTransport, against the example server's --http mode.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpServerProcess } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

let server: HttpServerProcess;
beforeAll(async () => {
  server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0"] });
});
afterAll(async () => {
  expect(await server.stop()).toBe(143);
  expect(server.stdout).toBe("");
});

async function connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client({ name: "http-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers: server.authHeaders } });
  await client.connect(transport);
  return { client, transport };
}

describe("Streamable HTTP with the SDK client", () => {
  test("a full session: tools, structured output, resources, progress over SSE, errors, DELETE", async () => {
    const { client, transport } = await connect();
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerVersion()?.name).toBe("mcp-core-echo");
    expect(client.getInstructions()).toContain("`echo` returns its text");

    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toEqual(["echo", "slow", "fail", "measure", "memory", "flood"]);
    expect(tools.tools.find((t) => t.name === "measure")?.outputSchema).toBeDefined();

    const echoed = await client.callTool({ name: "echo", arguments: { text: "héllo" } });
    expect(echoed.content).toEqual([{ type: "text", text: "héllo" }]);

    const measured = await client.callTool({ name: "measure", arguments: { text: "a bc" } });
    expect(measured.structuredContent).toEqual({ length: 4, words: 2, unit: "chars" });

    const progress: number[] = [];
    const slept = await client.callTool({ name: "slow", arguments: { ms: 400, step_ms: 50 } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(slept.content).toEqual([{ type: "text", text: "slept 400 ms" }]);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const failed = await client.callTool({ name: "fail", arguments: { message: "boom" } });
    expect(failed.isError).toBe(true);
    await expect(client.callTool({ name: "echo", arguments: { text: 3 } })).rejects.toThrow(/text: must be a string \(got the number 3\)/);
    await expect(client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(/Unknown tool: nope/);

    const about = await client.readResource({ uri: "example://about" });
    expect(JSON.parse((about.contents[0] as { text: string }).text).name).toBe("mcp-core-echo");
    await client.ping();

    const id = transport.sessionId!;
    await transport.terminateSession();
    const after = await fetch(server.url, {
      method: "POST",
      headers: { ...server.authHeaders, "Content-Type": "application/json", Accept: "application/json, text/event-stream", "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
    });
    expect(after.status).toBe(404);
    await client.close();
  });

  test("a call cancelled through its AbortSignal stops, and the session keeps serving", async () => {
    const { client } = await connect();
    const controller = new AbortController();
    const started = Date.now();
    const call = client.callTool({ name: "slow", arguments: { ms: 20_000, step_ms: 50 } }, undefined, { signal: controller.signal });
    setTimeout(() => controller.abort("changed my mind"), 300);
    await expect(call).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    const echoed = await client.callTool({ name: "echo", arguments: { text: "still here" } });
    expect(echoed.content).toEqual([{ type: "text", text: "still here" }]);
    await client.close();
  });

  test("two clients have separate sessions and work at the same time", async () => {
    const a = await connect();
    const b = await connect();
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    const [ra, rb] = await Promise.all([
      a.client.callTool({ name: "slow", arguments: { ms: 300, step_ms: 50 } }),
      b.client.callTool({ name: "echo", arguments: { text: "b" } }),
    ]);
    expect(ra.content).toEqual([{ type: "text", text: "slept 300 ms" }]);
    expect(rb.content).toEqual([{ type: "text", text: "b" }]);
    await a.client.close();
    await b.client.close();
  });
});
