// Packs what ships, the way the release does (pnpm rewrites `workspace:*` to real versions).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { mustRun } from "./run.js";
import { REPO_ROOT, type WorkspacePackage } from "./workspace.js";

export interface Packed {
  name: string;
  version: string;
  dir: string;
  tarball: string;
}

export function tarballName(name: string, version: string): string {
  return `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
}

export function packAll(packages: readonly WorkspacePackage[], destination: string): Packed[] {
  const packed: Packed[] = [];
  for (const p of packages) {
    mustRun("pnpm", ["pack", "--pack-destination", destination], { cwd: join(REPO_ROOT, p.dir) });
    const file = tarballName(p.manifest.name, p.manifest.version);
    if (!readdirSync(destination).includes(file)) throw new Error(`pnpm pack in ${p.dir} made no ${file}`);
    packed.push({ name: p.manifest.name, version: p.manifest.version, dir: p.dir, tarball: join(destination, file) });
  }
  return packed;
}
