#!/usr/bin/env node
// The release's publish step (run by the release workflow on main, never on a pull request):
// every public workspace package whose version is not on the registry yet is packed with pnpm
// (which turns `workspace:*` into real versions) and the tarball published with
// `npm publish --provenance --access public`. Then `changeset tag` tags what went out; the
// "New tag:" lines tell the changesets action which GitHub releases to create.
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const run = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], ...options });

const packages = JSON.parse(run("pnpm", ["-r", "ls", "--json", "--depth", "-1"])).filter((p) => p.private !== true && p.name && p.version);
const out = mkdtempSync(join(tmpdir(), "release-"));
let published = 0;
for (const { name, version, path } of packages) {
  let onRegistry = "";
  try {
    onRegistry = run("npm", ["view", `${name}@${version}`, "version"]).trim();
  } catch {
    // E404: never published.
  }
  if (onRegistry === version) {
    console.log(`${name}@${version} is already published`);
    continue;
  }
  const packed = JSON.parse(run("pnpm", ["pack", "--json", "--pack-destination", out], { cwd: path }));
  run("npm", ["publish", "--provenance", "--access", "public", packed.filename], { stdio: "inherit" });
  console.log(`New tag: ${name}@${version}`);
  published += 1;
}
if (published > 0) run("pnpm", ["exec", "changeset", "tag"], { stdio: "inherit" });
