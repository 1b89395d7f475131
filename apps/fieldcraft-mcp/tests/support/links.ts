// Link support differs by platform: the link-based tests ask first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** Whether this machine lets an ordinary user create symbolic links (Windows needs developer mode). */
export function symlinksAvailable(): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-mcp-link-"));
  try {
    fs.symlinkSync(dir, path.join(dir, "probe"), "dir");
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
