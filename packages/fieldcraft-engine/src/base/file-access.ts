// The file-access contract: what a host grants the engine. Lower layers (files, commands) depend on it alone.
/**
 * Where a command may read or write files. The engine asks before every file it touches;
 * the MCP server's confinement roots implement it. Returning a string refuses with that message.
 */
export interface FileAccess {
  checkRead(path: string): { ok: true; path: string } | { ok: false; error: string };
  checkWrite(path: string): { ok: true; path: string } | { ok: false; error: string };
}
