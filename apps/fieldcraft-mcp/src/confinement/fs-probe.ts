// The two questions the resolver asks the file system, behind an interface so the rules are testable without disks.
import fs from "node:fs";

export type EntryKind = "missing" | "link" | "entry";

export interface FsProbe {
  /** What sits at this exact path, without following a final link. */
  kind(path: string): EntryKind;
  /** The path with every link followed, or null when a link leads nowhere (dangling, a loop). */
  realpath(path: string): string | null;
}

export const nodeFsProbe: FsProbe = {
  kind(path) {
    try {
      return fs.lstatSync(path).isSymbolicLink() ? "link" : "entry";
    } catch {
      // ENOENT, and ENOTDIR when a file stands where a folder should: either way nothing is there yet.
      return "missing";
    }
  },
  realpath(path) {
    try {
      return fs.realpathSync.native(path);
    } catch {
      return null;
    }
  },
};
