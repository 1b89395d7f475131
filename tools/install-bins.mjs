#!/usr/bin/env node
// From a clone, today: the public packages packed as the release packs them (pnpm turns `workspace:*` into
// versions), installed together with plain npm into <prefix>/lib/mcp-wrappers, and each bin linked into
// <prefix>/bin, the folder npm's global installs put on PATH. `npm install -g` of the tarballs one by one cannot
// do it: each would look for its unpublished siblings on the registry. Usage:
//   pnpm install-bins [--prefix DIR]     (default: npm's global prefix, `npm config get prefix`)
// Everything it says goes to stderr; stdout stays empty.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const windows = process.platform === "win32";
// npm and pnpm are .cmd scripts on Windows: run them through the shell there, with our own fixed arguments only.
const run = (cmd, args, options = {}) => execFileSync(cmd, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], shell: windows, ...options });
const say = (line) => process.stderr.write(`install-bins: ${line}\n`);

const argv = process.argv.slice(2);
const at = argv.indexOf("--prefix");
if (argv.some((a, i) => a !== "--prefix" && i !== at + 1) || (at >= 0 && !argv[at + 1])) {
  process.stderr.write("usage: pnpm install-bins [--prefix DIR]\n");
  process.exit(2);
}
const prefix = resolve(at >= 0 ? argv[at + 1] : run("npm", ["config", "get", "prefix"]).trim());
const root = fileURLToPath(new URL("..", import.meta.url));

const packages = JSON.parse(run("pnpm", ["-r", "ls", "--json", "--depth", "-1"], { cwd: root })).filter((p) => p.private !== true && p.name);
const tarballs = mkdtempSync(join(tmpdir(), "mcpw-bins-"));
for (const p of packages) {
  if (!existsSync(join(p.path, "dist"))) throw new Error(`${p.name} is not built: run pnpm build first`);
  run("pnpm", ["pack", "--pack-destination", tarballs], { cwd: p.path });
}
const files = readdirSync(tarballs).filter((f) => f.endsWith(".tgz")).map((f) => join(tarballs, f));
say(`packed ${files.length} packages`);

// A clean install each time, so a second run leaves no files of an older version behind.
const lib = join(prefix, "lib", "mcp-wrappers");
rmSync(lib, { recursive: true, force: true });
mkdirSync(lib, { recursive: true });
writeFileSync(join(lib, "package.json"), JSON.stringify({ name: "mcp-wrappers-bins", private: true }));
run("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error", "--omit=dev", ...files], { cwd: lib, stdio: ["ignore", "ignore", "inherit"] });
rmSync(tarballs, { recursive: true, force: true });

const bin = join(prefix, "bin");
mkdirSync(bin, { recursive: true });
for (const p of packages) {
  const manifest = JSON.parse(readFileSync(join(lib, "node_modules", ...p.name.split("/"), "package.json"), "utf8"));
  for (const [name, target] of Object.entries(manifest.bin ?? {})) {
    const script = join(lib, "node_modules", ...p.name.split("/"), target);
    const link = join(bin, windows ? `${name}.cmd` : name);
    rmSync(link, { force: true });
    if (windows) writeFileSync(link, `@node "${script}" %*\r\n`);
    else {
      symlinkSync(relative(bin, script), link);
      chmodSync(script, 0o755);
    }
    say(`${link} -> ${p.name}@${manifest.version}`);
  }
}
say(`done; make sure ${bin} is on your PATH`);
