// Where autosaves go: FIELDCRAFT_RECOVERY_DIR, else the OS's per-user state folder. The folder is the
// user's alone (mode 0700): autosaves hold whole models.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";

export const RECOVERY_DIR_ENV = "FIELDCRAFT_RECOVERY_DIR";

export interface HostInfo {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  home: string;
}

/** The recovery folder for this user: the env override, or the platform's per-user state/cache folder. */
export function defaultRecoveryDir(host: HostInfo = { env: process.env, platform: process.platform, home: os.homedir() }): string {
  const override = host.env[RECOVERY_DIR_ENV];
  if (override !== undefined && override !== "") return path.resolve(override);
  const p = host.platform === "win32" ? path.win32 : path.posix;
  if (host.platform === "win32") return p.join(host.env.LOCALAPPDATA ?? p.join(host.home, "AppData", "Local"), "FieldCraft", "Recovery");
  if (host.platform === "darwin") return p.join(host.home, "Library", "Application Support", "FieldCraft", "Recovery");
  // XDG: state that should survive a restart but is not worth backing up.
  const state = host.env.XDG_STATE_HOME && p.isAbsolute(host.env.XDG_STATE_HOME) ? host.env.XDG_STATE_HOME : p.join(host.home, ".local", "state");
  return p.join(state, "fieldcraft", "recovery");
}

/** Makes the folder (and its parents) if needed; the folder itself is kept at mode 0700. */
export async function ensureRecoveryDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  if (process.platform === "win32") return;
  const stat = await fs.stat(dir);
  // Only a folder this user owns is tightened; someone else's is left alone (and writing there fails on its own).
  if ((stat.mode & 0o777) !== 0o700 && stat.uid === process.getuid?.()) await fs.chmod(dir, 0o700);
}
