// An agent's workflow through the built fz-mcp against the fake fz, printed step by step:
// init → add → plan → deploy → verify → edit the manifest → verify (drift) → plan → deploy → verify.
// Usage: pnpm demo (after a build)
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const venture = mkdtempSync(join(tmpdir(), "fz-demo-"));
const transport = new StdioClientTransport({
  command: process.execPath,
  args: [join(packageDir, "dist/cli.js"), "--cwd", venture, "--", process.execPath, join(packageDir, "tests/fixtures/fz/fz.mjs")],
});
const client = new Client({ name: "fz-mcp-demo", version: "0.1.0" });
await client.connect(transport);

async function step(name: string, args: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const result = (await client.callTool({ name, arguments: args })) as { content: Array<{ text: string }>; isError?: boolean };
  const text = result.content[0].text;
  process.stdout.write(`\n> ${name} ${JSON.stringify(args)}${result.isError ? "   (isError)" : ""}\n${text}\n`);
  return JSON.parse(text);
}

process.stdout.write(`venture: ${venture}\n`);
await step("fz_init", { name: "acme", host: "acme.example" });
await step("fz_add", { module: "waitlist" });
const plan = await step("fz_plan");
await step("fz_deploy", { plan: plan.digest });
await step("fz_verify");

const manifestPath = join(venture, "venture.json");
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
manifest.modules.push({ slug: "cms", config: {} });
writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
process.stdout.write("\n(the operator adds `cms` to venture.json by hand)\n");

await step("fz_verify");
const replan = await step("fz_plan");
await step("fz_deploy", { plan: replan.digest });
await step("fz_verify");
await step("fz_add", { module: "-h" });
await client.close();
