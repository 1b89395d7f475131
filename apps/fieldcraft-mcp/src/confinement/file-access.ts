// The engine's FileAccess made from the roots: every path a command reads or writes is checked here first.
import type { FileAccess } from "@mcp-wrappers/fieldcraft-engine";
import { isConfined, type Roots } from "./roots.js";
import { displayPath, resolveReal, type ResolveEnv } from "./resolve.js";
import { isWithin } from "./within.js";
import { notGranted, outsideRoot, rejected, type Access } from "./messages.js";

export type AccessCheck = { ok: true; path: string } | { ok: false; error: string };

export function checkAccess(access: Access, raw: string, roots: Roots, env: ResolveEnv): AccessCheck {
  if (typeof raw !== "string") return { ok: false, error: rejected("the path is not a string", String(raw)) };
  // Unconfined: every path allowed, made absolute against the server's working folder.
  if (!isConfined(roots)) return { ok: true, path: env.style.ops.resolve(env.cwd, raw) };
  const shown = displayPath(raw.replace(/\0/g, "\\0"), env);
  const root = access === "read" ? roots.read : roots.write;
  if (root === undefined) return { ok: false, error: notGranted(access, shown) };
  const resolution = resolveReal(raw, env);
  if (!resolution.ok) return { ok: false, error: rejected(resolution.reason, shown) };
  if (!isWithin(root, resolution.real, env.style)) {
    return { ok: false, error: outsideRoot(access, root, shown, resolution.real) };
  }
  return { ok: true, path: resolution.real };
}

export function createFileAccess(roots: Roots, env: ResolveEnv): FileAccess {
  return {
    checkRead: (path) => checkAccess("read", path, roots, env),
    checkWrite: (path) => checkAccess("write", path, roots, env),
  };
}
