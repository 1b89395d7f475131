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
  // Over HTTP any client may name files: without roots, reads and writes stay in the working folder unless --unconfined.
  if (options.http !== undefined && options.http.unconfined !== true && roots.read === undefined && roots.write === undefined) {
    const here = checkRoot("the working folder", ".", cwd, style);
    if (!here.ok) return here;
    roots.read = here.real;
    roots.write = here.real;
  }
  return { ok: true, roots };
}
