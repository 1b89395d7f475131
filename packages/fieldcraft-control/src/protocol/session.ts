// What the server serves: the engine's outer contract, restated structurally so the channel needs no
// engine at run time (any object with `execute` and `catalogue` will do; the engine's session is one).
export type CommandOutcome =
  | { ok: true; result: unknown }
  | { ok: false; error: string; details?: Record<string, unknown> };

export interface ProgressUpdate {
  progress: number;
  total?: number;
  message: string;
}

export interface CommandInfo {
  id: string;
  label: string;
  params: { name: string; type: string; required: boolean; description: string; dimension?: string; default?: unknown }[];
  schema: Record<string, unknown>;
  requires: string[];
  effects: { mutates: boolean; reads: boolean; writes: boolean };
}

export interface ExecuteOptions {
  signal?: AbortSignal;
  onProgress?: (progress: ProgressUpdate) => void;
}

export interface ServedSession {
  execute(command: string, params?: unknown, options?: ExecuteOptions): Promise<CommandOutcome>;
  catalogue(): CommandInfo[];
}
