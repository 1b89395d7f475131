// Turns the root flags into checked real folders; a missing root stops the server before it serves.
import { checkRoot, type PathStyle, type Roots } from "../confinement/index.js";
import type { ServerOptions } from "./options.js";

export function resolveRoots(options: ServerOptions, cwd: string, style: PathStyle): { ok: true; roots: Roots } | { ok: false; error: string } {
  const roots: Roots = {};
  for (const [key, flag, raw] of [
    ["read", "--automation-read-root", options.readRoot],
    ["write", "--automation-write-root", options.writeRoot],
  ] as const) {
    if (raw === undefined) continue;
    const checked = checkRoot(flag, raw, cwd, style);
    if (!checked.ok) return checked;
    roots[key] = checked.real;
  }
  return { ok: true, roots };
}
