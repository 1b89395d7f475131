// One SDK client session against a server command, closed whatever happens.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

export async function withClient<T>(
  spec: { command: string; args: readonly string[]; cwd: string; env?: Record<string, string> },
  use: (client: Client) => Promise<T>,
): Promise<T> {
  const transport = new StdioClientTransport({
    command: spec.command,
    args: [...spec.args],
    cwd: spec.cwd,
    ...(spec.env === undefined ? {} : { env: spec.env }),
    stderr: "pipe",
  });
  const client = new Client({ name: "packaging-checks", version: "0.0.0" });
  await client.connect(transport);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}
