// The engine's outer contract: what a host (the MCP server, the control channel, the app) sees of a session.
// Commands are the only way in; every outcome is a value, never a thrown exception.
export type { FileAccess } from "../base/file-access.js";

export type { CommandOutcome, CommandInfo, ExecuteOptions } from "../base/contracts.js";
import type { CommandInfo, CommandOutcome, ExecuteOptions } from "../base/contracts.js";

export interface EngineSession {
  execute(command: string, params?: unknown, options?: ExecuteOptions): Promise<CommandOutcome>;
  catalogue(): CommandInfo[];
}
