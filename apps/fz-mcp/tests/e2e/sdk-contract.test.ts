// The SDK client checks structuredContent against each tool's outputSchema and throws on a
// mismatch; an fz that prints a contract-breaking object must not make it throw.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

test.each([
  ['{"schema":1,"ok":"false","failures":[]}', "envelope.ok should be a boolean"],
  ['{"schema":1,"ok":true}', "envelope.failures is missing"],
])("the SDK client reads %s as an error result with a note instead of throwing", async (line, says) => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, { FAKE_FZ_MODE: "print", FAKE_FZ_STDOUT: `${line}\n` });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "--cwd", tempDir(), "--", process.execPath, FAKE_FZ], env, stderr: "pipe" });
  const client = new Client({ name: "sdk-contract-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools(); // the client learns the output schemas here
    const result = (await client.callTool({ name: "fz_plan", arguments: {} })) as { content: Array<{ text: string }>; isError?: boolean; structuredContent?: unknown };
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(result.content[0].text).toBe(line);
    expect(result.content[1].text).toContain(says);
    // A well-formed envelope still arrives structured on the same session.
    const ok = (await client.callTool({ name: "fz_error_codes", arguments: {} })) as { structuredContent?: { ok?: boolean } };
    expect(ok.structuredContent?.ok).toBe(true);
  } finally {
    await client.close();
  }
});
