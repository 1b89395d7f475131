// The SDK client checks structuredContent against each tool's outputSchema and throws on a mismatch or on a
// missing structuredContent; an fz object without the envelope's keys must reach it as fz's structured answer.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

test.each([
  ['{"argv":"x"}', false],
  ['{"schema":1,"ok":true}', false],
  ['{"schema":1,"ok":false,"failures":[{"code":"x"}]}', true],
])("the SDK client accepts %s as fz's structured answer, isError exactly ok === false", async (line, isError) => {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  Object.assign(env, { FAKE_FZ_MODE: "print", FAKE_FZ_STDOUT: `${line}\n` });
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, "--cwd", tempDir(), "--", process.execPath, FAKE_FZ], env, stderr: "pipe" });
  const client = new Client({ name: "sdk-contract-test", version: "1.0.0" });
  await client.connect(transport);
  try {
    await client.listTools(); // the client learns the output schemas here
    const result = (await client.callTool({ name: "fz_plan", arguments: {} })) as { content: Array<{ text: string }>; isError?: boolean; structuredContent?: unknown };
    expect(result.isError ?? false).toBe(isError);
    expect(result.structuredContent).toEqual(JSON.parse(line));
    expect(result.content).toEqual([{ type: "text", text: line }]);
    // A well-formed envelope still arrives structured on the same session.
    const ok = (await client.callTool({ name: "fz_error_codes", arguments: {} })) as { structuredContent?: { ok?: boolean } };
    expect(ok.structuredContent?.ok).toBe(true);
  } finally {
    await client.close();
  }
});
