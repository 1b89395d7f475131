// The confinement roots, checked once at startup: each must be an existing folder, kept as its real path.
import fs from "node:fs";
import type { PathStyle } from "./path-style.js";

export interface Roots {
  read?: string;
  write?: string;
}

export type RootCheck = { ok: true; real: string } | { ok: false; error: string };

export function checkRoot(flag: string, raw: string, cwd: string, style: PathStyle): RootCheck {
  if (raw.length === 0) return { ok: false, error: `${flag} needs a folder` };
  if (raw.includes("\0")) return { ok: false, error: `${flag} contains a NUL byte` };
  // Concatenate rather than join: realpath then walks ".." physically, as the OS would.
  const absolute = style.ops.isAbsolute(raw) ? raw : cwd + style.sep + raw;
  let real: string;
  try {
    real = fs.realpathSync.native(absolute);
  } catch {
    return { ok: false, error: `${flag} ${raw}: no such folder (the root must exist)` };
  }
  let isFolder = false;
  try {
    isFolder = fs.statSync(real).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) return { ok: false, error: `${flag} ${raw}: not a folder (the root must be an existing folder)` };
  return { ok: true, real };
}

export function isConfined(roots: Roots): boolean {
  return roots.read !== undefined || roots.write !== undefined;
}
