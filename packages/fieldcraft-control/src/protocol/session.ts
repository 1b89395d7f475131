// What the server serves: the engine's outer contract, imported as types only, so the channel needs no
// engine at run time (any object with `execute` and `catalogue` will do; the engine's session is one).
import type { EngineSession, ExecuteOptions } from "@mcp-wrappers/fieldcraft-engine";

export type { CommandInfo, CommandOutcome, ExecuteOptions } from "@mcp-wrappers/fieldcraft-engine";

export type ProgressUpdate = Parameters<NonNullable<ExecuteOptions["onProgress"]>>[0];

export type ServedSession = EngineSession;
