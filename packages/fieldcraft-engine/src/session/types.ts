// The engine's outer contract: what a host (the MCP server, the control channel, the app) sees of a session.
// Commands are the only way in; every outcome is a value, never a thrown exception.

export type CommandOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: string; details?: Record<string, unknown> };

export interface CommandInfo {
  id: string;
  label: string;
  /** What the command does, in a sentence or two. */
  description?: string;
  /** Parameter documentation, one line per parameter. */
  params: { name: string; type: string; required: boolean; description: string; dimension?: string; default?: unknown }[];
  /** JSON Schema of the parameters, made from the command's zod schema (`x-dimension` for units). */
  schema: Record<string, unknown>;
  /** JSON Schema of the result in JSON (pictures as base64 strings), made from the command's zod result schema. */
  result: Record<string, unknown>;
  /** What the session must hold first: design, geometry, mesh, material, section, step, result, ... */
  requires: string[];
  /** Whether the command changes the model (undoable), reads files or writes files. */
  effects: { mutates: boolean; reads: boolean; writes: boolean };
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  onProgress?: (progress: { progress: number; total?: number; message: string }) => void;
}

/**
 * Where a command may read or write files. The engine asks before every file it touches;
 * the MCP server's confinement roots implement it. Returning a string refuses with that message.
 */
export interface FileAccess {
  checkRead(path: string): { ok: true; path: string } | { ok: false; error: string };
  checkWrite(path: string): { ok: true; path: string } | { ok: false; error: string };
}

export interface EngineSession {
  execute(command: string, params?: unknown, options?: ExecuteOptions): Promise<CommandOutcome>;
  catalogue(): CommandInfo[];
}
