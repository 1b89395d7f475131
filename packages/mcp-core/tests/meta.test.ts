// Extension metadata (MCP Apps): `_meta` on tools and resources is published as given, and a resource can
// serve bytes as a base64 `blob` carrying its row's `_meta`.
import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { z } from "zod";
import { defineServer, serveStdio, textResult, tool } from "../src/index.js";

const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

test("tools/list and resources/list publish _meta; resources/read serves blobs and the row's _meta", async () => {
  const bytes = Uint8Array.from([0, 1, 2, 250, 255, 128]);
  const meta = { ui: { csp: { connectDomains: [] } } };
  const def = defineServer({
    name: "t",
    version: "1",
    instructions: "test",
    tools: [
      tool({ name: "linked", description: "d", input: z.object({}), annotations: hints, _meta: { ui: { resourceUri: "ui://t/view" } }, run: () => textResult("x") }),
      tool({ name: "plain", description: "d", input: z.object({}), annotations: hints, run: () => textResult("y") }),
    ],
    resources: [
      { uri: "ui://t/view", name: "view", mimeType: "text/html;profile=mcp-app", _meta: meta, read: () => ({ text: "<p>hi</p>" }) },
      { uri: "t://bytes", name: "bytes", mimeType: "application/octet-stream", read: () => ({ blob: bytes }) },
    ],
  });
  const stdin = new PassThrough(), stdout = new PassThrough(), stderr = new PassThrough();
  const lines: any[] = [];
  let tail = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (t: string) => {
    const parts = (tail + t).split("\n");
    tail = parts.pop()!;
    for (const p of parts) lines.push(JSON.parse(p));
  });
  const done = serveStdio(def, { stdin, stdout, stderr, exitOnEnd: false });
  const send = (m: object) => stdin.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\n");
  const reply = async (id: number) => {
    for (let i = 0; i < 500; i++) {
      const found = lines.find((l) => l.id === id);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no reply ${id}: ${JSON.stringify(lines)}`);
  };
  send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "c", version: "1" } } });
  await reply(1);
  send({ method: "notifications/initialized" });
  send({ id: 2, method: "tools/list" });
  send({ id: 3, method: "resources/list" });
  send({ id: 4, method: "resources/read", params: { uri: "ui://t/view" } });
  send({ id: 5, method: "resources/read", params: { uri: "t://bytes" } });
  const tools = (await reply(2)).result.tools;
  expect(tools.find((t: any) => t.name === "linked")._meta).toEqual({ ui: { resourceUri: "ui://t/view" } });
  expect("_meta" in tools.find((t: any) => t.name === "plain")).toBe(false);
  const listed = (await reply(3)).result.resources;
  expect(listed.find((r: any) => r.uri === "ui://t/view")._meta).toEqual(meta);
  expect("_meta" in listed.find((r: any) => r.uri === "t://bytes")).toBe(false);
  expect((await reply(4)).result.contents[0]).toEqual({ uri: "ui://t/view", mimeType: "text/html;profile=mcp-app", text: "<p>hi</p>", _meta: meta });
  const blob = (await reply(5)).result.contents[0];
  expect(blob.mimeType).toBe("application/octet-stream");
  expect([...Buffer.from(blob.blob, "base64")]).toEqual([...bytes]);
  stdin.end();
  await done;
});
