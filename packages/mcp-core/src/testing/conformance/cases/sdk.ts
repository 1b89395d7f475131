import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";

export const sdkCases: readonly CaseRow[] = [
  {
    name: "the SDK Client over StdioClientTransport completes initialize, tools/list and tools/call",
    run: async (o) => {
      // Loaded here, not at the top: the SDK is an optional peer, needed only by this case.
      const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
      const { StdioClientTransport } = await import("@modelcontextprotocol/sdk/client/stdio.js");
      const transport = new StdioClientTransport({
        command: o.command,
        args: [...(o.args ?? [])],
        ...(o.env === undefined ? {} : { env: o.env as Record<string, string> }),
        ...(o.cwd === undefined ? {} : { cwd: o.cwd }),
        stderr: "pipe",
      });
      const client = new Client({ name: "mcp-core-conformance", version: "0.0.0" });
      try {
        await client.connect(transport);
        assert.equal(typeof client.getServerVersion()?.name, "string", "serverInfo reached the client");
        assert.equal(typeof client.getInstructions(), "string", "instructions reached the client");
        await client.ping();
        const { tools } = await client.listTools();
        assert.ok(tools.length > 0, "tools listed");
        if (o.sampleTool !== undefined) {
          const result = await client.callTool({ name: o.sampleTool.name, arguments: o.sampleTool.arguments ?? {} });
          assert.ok(Array.isArray(result.content), "the SDK accepted the tool result");
        }
        if (o.structuredTool !== undefined) {
          const result = await client.callTool({ name: o.structuredTool.name, arguments: o.structuredTool.arguments ?? {} });
          assert.equal(typeof result.structuredContent, "object", "structuredContent on the SDK's (newest) version");
        }
      } finally {
        await client.close();
      }
    },
  },
];
