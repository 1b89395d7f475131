// The engine's outer contract as data shapes: what a command answers, how it is described, how it is run.
// Lower layers (the command catalogue) and hosts share these; nothing here imports anything.

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
