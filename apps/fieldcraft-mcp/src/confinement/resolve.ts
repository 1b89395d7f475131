// Where a path really leads, walked one component at a time so links and ".." are followed the way the OS will.
// Lexical normalisation is never used: "/r/link/../x" goes wherever the link's parent is.
import type { FsProbe } from "./fs-probe.js";
import type { PathStyle } from "./path-style.js";
import { windowsDeviceName } from "./device-names.js";

export type Resolution =
  | { ok: true; real: string; exists: boolean }
  | { ok: false; reason: string };

export interface ResolveEnv {
  cwd: string;
  fs: FsProbe;
  style: PathStyle;
}

/** The absolute form shown to the agent in messages (lexical, for reading only). */
export function displayPath(raw: string, env: ResolveEnv): string {
  return env.style.ops.isAbsolute(raw) ? raw : env.style.ops.resolve(env.cwd, raw);
}

export function resolveReal(raw: string, env: ResolveEnv): Resolution {
  const { style, fs } = env;
  if (raw.length === 0) return { ok: false, reason: "the path is empty" };
  if (raw.includes("\0")) return { ok: false, reason: "the path contains a NUL byte" };
  if (style.name === "win32") {
    if (/^[\\/][\\/][?.][\\/]/.test(raw)) return { ok: false, reason: "device namespace paths (\\\\?\\, \\\\.\\) are not accepted" };
    if (/^[A-Za-z]:(?![\\/])/.test(raw)) return { ok: false, reason: "a drive-relative path (C:name) is ambiguous; give C:\\name" };
  }
  const absolute = style.ops.isAbsolute(raw) ? raw : env.cwd + style.sep + raw;
  const root = style.ops.parse(absolute).root;
  const rest = absolute.slice(root.length).split(style.separators);

  for (const part of rest) {
    const device = windowsDeviceName(part);
    if (device !== null) return { ok: false, reason: `"${part}" is the Windows device name ${device}` };
    if (style.name === "win32" && part.includes(":")) return { ok: false, reason: `"${part}" names an alternate data stream` };
  }

  // Fast path: a path that exists resolves in one call, links and ".." followed by the OS itself.
  const whole = fs.realpath(absolute);
  if (whole !== null) return { ok: true, real: whole, exists: true };

  let current = fs.realpath(root);
  if (current === null) return { ok: false, reason: `the root ${root} does not exist` };
  let missing = false;
  for (const part of rest) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (missing) return { ok: false, reason: `".." below the folder ${current}, which does not exist` };
      current = style.ops.dirname(current);
      continue;
    }
    const next = style.ops.join(current, part);
    if (missing) {
      current = next;
      continue;
    }
    const kind = fs.kind(next);
    if (kind === "missing") {
      missing = true;
      current = next;
      continue;
    }
    const real = fs.realpath(next);
    if (real === null) {
      // Writing through a dangling link would create its target, wherever it points.
      return { ok: false, reason: `${next} is a link that leads nowhere` };
    }
    current = real;
  }
  return { ok: true, real: current, exists: !missing };
}
