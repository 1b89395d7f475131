#!/usr/bin/env node
// After `changeset version`: each MCP server's server.json takes its package.json version, so the
// registry entry and the npm package never disagree. Run from the repository root.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

for (const entry of readdirSync("apps")) {
  const dir = join("apps", entry);
  if (!existsSync(join(dir, "server.json"))) continue;
  const { name, version } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const server = JSON.parse(readFileSync(join(dir, "server.json"), "utf8"));
  server.version = version;
  for (const pkg of server.packages ?? []) if (pkg.identifier === name) pkg.version = version;
  writeFileSync(join(dir, "server.json"), `${JSON.stringify(server, null, 2)}\n`);
}
