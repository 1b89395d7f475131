// One stderr line at start, so a person reading the client's server log knows what this server may touch.
import type { BackendDescription } from "../backend/types.js";
import { isConfined, type Roots } from "../confinement/index.js";

export function startupNote(backend: BackendDescription, roots: Roots): string {
  const session =
    backend.kind === "bridged"
      ? `a session bridged to ${backend.name} ${backend.version} at ${backend.target ?? "?"}`
      : `a headless session (${backend.name} ${backend.version})`;
  if (!isConfined(roots)) return `serving ${session}; file access is not confined`;
  const access = (what: string, root?: string) => (root === undefined ? `no ${what}s` : `${what}s inside ${root}`);
  return `serving ${session}; ${access("read", roots.read)}, ${access("write", roots.write)}`;
}
