/**
 * The baseline: the SDK's McpServer on its StdioServerTransport doing the same work as our
 * example server's `echo` (a zod-validated argument returned as text) and answering `ping`.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

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
await server.connect(new StdioServerTransport());
