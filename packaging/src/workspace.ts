// The workspace as data: every package pnpm-workspace.yaml names, with its manifest.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  description?: string;
  keywords?: string[];
  license?: string;
  homepage?: string;
  bugs?: { url?: string };
  repository?: { type?: string; url?: string; directory?: string };
  publishConfig?: { access?: string; provenance?: boolean };
  mcpName?: string;
  bin?: Record<string, string>;
  main?: string;
  types?: string;
  exports?: Record<string, unknown>;
  files?: string[];
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  devDependencies?: Record<string, string>;
}

export interface WorkspacePackage {
  /** Folder relative to the repository root, with forward slashes (`apps/fz-mcp`). */
  dir: string;
  manifest: Manifest;
}

/** The `packages:` entries of pnpm-workspace.yaml (only `dir` and `dir/*` forms are used here). */
export function workspaceGlobs(yaml: string): string[] {
  const globs: string[] = [];
  let inPackages = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^\S/.test(line)) inPackages = line.startsWith("packages:");
    else if (inPackages) {
      const m = /^\s+-\s+["']?([^"'#\s]+)["']?/.exec(line);
      if (m) globs.push(m[1]);
    }
  }
  return globs;
}

export function workspacePackages(root = REPO_ROOT): WorkspacePackage[] {
  const dirs: string[] = [];
  for (const glob of workspaceGlobs(readFileSync(join(root, "pnpm-workspace.yaml"), "utf8"))) {
    if (glob.endsWith("/*")) {
      const parent = glob.slice(0, -2);
      for (const entry of readdirSync(join(root, parent), { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(`${parent}/${entry.name}`);
      }
    } else dirs.push(glob);
  }
  return dirs
    .filter((dir) => existsSync(join(root, dir, "package.json")))
    .sort()
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as Manifest }));
}

/** What ships: every workspace package not marked private. */
export function publicPackages(root = REPO_ROOT): WorkspacePackage[] {
  return workspacePackages(root).filter((p) => p.manifest.private !== true);
}
