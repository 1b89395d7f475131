// Build step: the page's TypeScript, three.js and the MCP Apps client bundled by esbuild into one script,
// inlined into one HTML file with a CSP that allows exactly that script (by hash) and no network but its own origin.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");

const out = await build({
  entryPoints: [path.join(root, "src/page/main.ts")],
  bundle: true,
  format: "iife",
  platform: "browser",
  target: "es2020",
  minify: true,
  legalComments: "none",
  write: false,
  logLevel: "warning",
});
// A literal "</script" inside the bundle would end the inline script early.
const script = out.outputFiles[0].text.replace(/<\/script/gi, "<\\/script").trim();
const hash = `sha256-${createHash("sha256").update(script, "utf8").digest("base64")}`;
const template = await readFile(path.join(root, "src/page/template.html"), "utf8");
const html = template.replace("%SCRIPT_HASH%", hash).replace("%SCRIPT%", () => script);
await mkdir(path.join(root, "dist"), { recursive: true });
await writeFile(path.join(root, "dist/viewer.html"), html);
await writeFile(path.join(root, "dist/viewer.json"), JSON.stringify({ script_hash: hash, bytes: Buffer.byteLength(html) }, null, 2) + "\n");
process.stderr.write(`viewer: dist/viewer.html ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB (script ${hash.slice(0, 20)}...)\n`);
