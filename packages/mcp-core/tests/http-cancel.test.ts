// Cancellation over HTTP: closing a call's SSE stream aborts the call on the server (both eras).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { defineServer, serveHttp, textResult, tool, type HttpEndpoint } from "../src/index.js";
import { modernRequest } from "../src/testing/index.js";

const aborted: string[] = [];
const waiter = tool({
  name: "wait",
  description: "Reports progress, then waits until it is cancelled.",
  input: z.object({ tag: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    ctx.progress({ progress: 1, message: "started" });
    await new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
    aborted.push(args.tag);
    return textResult("never sent");
  },
});

let endpoint: HttpEndpoint;
beforeAll(async () => {
  endpoint = await serveHttp(defineServer({ name: "cancel", version: "0", instructions: "test", tools: [waiter] }), { port: 0, unauthenticated: true, log: () => {} });
});
afterAll(async () => {
  await endpoint.close();
});

async function untilAborted(tag: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!aborted.includes(tag) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(aborted).toContain(tag);
}

async function openThenClose(body: unknown, headers: Record<string, string>): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(endpoint.url, {
    method: "POST", signal: controller.signal, body: JSON.stringify(body),
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
  });
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const first = new TextDecoder().decode((await reader.read()).value);
  expect(first).toContain("notifications/progress");
  controller.abort();
}

describe("closing the stream cancels the call", () => {
  test("2026-07-28: the stream is the request; closing it aborts the tool's signal", async () => {
    const body = modernRequest("tools/call", { name: "wait", arguments: { tag: "modern" } }, { progressToken: 1 });
    await openThenClose(body, { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "wait" });
    await untilAborted("modern");
  });

  test("a 2025-11-25 session: the same, and the session keeps serving", async () => {
    const init = await fetch(endpoint.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "0" } } }),
    });
    const session = { "Mcp-Session-Id": init.headers.get("mcp-session-id")!, "MCP-Protocol-Version": "2025-11-25" };
    await openThenClose({ jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "wait", arguments: { tag: "legacy" }, _meta: { progressToken: "p" } } }, session);
    await untilAborted("legacy");
    const list = await fetch(endpoint.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...session },
      body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }),
    });
    expect(((await list.json()) as { result: { tools: Array<{ name: string }> } }).result.tools[0]!.name).toBe("wait");
    expect(endpoint.sessionCount).toBe(1);
  });
});
