import { spawn, type ChildProcess } from "node:child_process";

/**
 * Kills a child and everything it started. On POSIX the child leads its own process group
 * (spawned `detached`), so one signal to `-pid` reaches `cargo run`'s grandchild too. On Windows
 * `taskkill /T /F` walks the tree by parent id.
 */
export function killTree(child: ChildProcess, platform: NodeJS.Platform = process.platform): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (platform === "win32") {
    try {
      const killer = spawn("taskkill", ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true });
      killer.on("error", () => child.kill("SIGKILL"));
    } catch {
      child.kill("SIGKILL");
    }
    return;
  }
  killGroup(pid);
  // The leader may have left the group or the group may be gone already; the direct kill is the floor.
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** SIGKILL to a whole POSIX process group; a group that no longer exists is not an error. */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // ESRCH: nothing left in the group.
  }
}
