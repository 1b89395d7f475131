// FileAccess without confinement (a desktop user's own session): every path allowed, made absolute.
import path from "node:path";
import type { FileAccess } from "../base/file-access.js";

export function openFileAccess(): FileAccess {
  return {
    checkRead: (p) => ({ ok: true, path: path.resolve(p) }),
    checkWrite: (p) => ({ ok: true, path: path.resolve(p) }),
  };
}
