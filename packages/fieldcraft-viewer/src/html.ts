// The built page: one self-contained HTML file (dist/viewer.html, written by the build next to this module).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The MCP Apps extension's MIME type for a UI resource. */
export const MCP_APP_MIME_TYPE = "text/html;profile=mcp-app";
export const VIEWER_RESOURCE_URI = "ui://fieldcraft/viewer";
export const SCENE_RESOURCE_URI = "fieldcraft://view/scene";

let cached: { html: string; scriptHash: string } | null = null;

function load(): { html: string; scriptHash: string } {
  if (cached) return cached;
  const dir = path.dirname(fileURLToPath(import.meta.url));
  // dist/index.js sits beside viewer.html; from src/ (tests run through tsx) it is one folder up in dist/.
  const candidates = [dir, path.join(dir, "..", "dist")];
  for (const d of candidates) {
    try {
      const html = readFileSync(path.join(d, "viewer.html"), "utf8");
      const meta = JSON.parse(readFileSync(path.join(d, "viewer.json"), "utf8")) as { script_hash: string };
      return (cached = { html, scriptHash: meta.script_hash });
    } catch {
      // try the next place
    }
  }
  throw new Error("the viewer page is not built: run `pnpm build` in packages/fieldcraft-viewer");
}

/** The page's HTML (three.js and the page's code inlined: nothing is fetched). */
export function viewerHtml(): string {
  return load().html;
}

/** The CSP source of the page's one inline script (`sha256-…`), for servers that send a CSP header. */
export function viewerScriptHash(): string {
  return load().scriptHash;
}

/** The CSP an HTTP server sends with the page: its own script, its own origin for data, nothing else. */
export function viewerCsp(): string {
  return `default-src 'none'; script-src '${viewerScriptHash()}'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;
}

/**
 * `_meta.ui` of the viewer's UI resource: no network domains at all (the scene comes through the host), a
 * border requested. Hosts build the sandbox's CSP from this.
 */
export const VIEWER_RESOURCE_META = { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } } as const;
