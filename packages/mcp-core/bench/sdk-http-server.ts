/**
 * The HTTP baseline: the SDK's McpServer on its StreamableHTTPServerTransport (a session per
 * client, JSON answers, its fastest mode) under node:http, with the same `echo` tool as ours.
 * Prints `listening on http://…/mcp` to stderr like our servers.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

function echoServer(): McpServer {
  const server = new McpServer({ name: "sdk-echo", version: "0.0.0" }, { instructions: "baseline" });
  server.registerTool(
    "echo",
    {
      title: "Echo",
      description: "Returns its `text` unchanged.",
      inputSchema: { text: z.string() },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async ({ text }) => ({ content: [{ type: "text", text }] }),
  );
  return server;
}

const transports = new Map<string, StreamableHTTPServerTransport>();

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

const http = createServer(async (req, res) => {
  const id = req.headers["mcp-session-id"] as string | undefined;
  if (req.method !== "POST") {
    const transport = id === undefined ? undefined : transports.get(id);
    if (transport === undefined) return void res.writeHead(400).end();
    return transport.handleRequest(req, res);
  }
  const body = await readJson(req);
  let transport = id === undefined ? undefined : transports.get(id);
  if (transport === undefined && isInitializeRequest(body)) {
    transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableJsonResponse: true,
      onsessioninitialized: (sid) => void transports.set(sid, transport!),
    });
    await echoServer().connect(transport);
  }
  if (transport === undefined) return void res.writeHead(400).end();
  await transport.handleRequest(req, res, body);
});
http.listen(0, "127.0.0.1", () => {
  process.stderr.write(`sdk-http: listening on http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp\n`);
});
