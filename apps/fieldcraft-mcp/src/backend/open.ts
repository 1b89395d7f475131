// Which backend a start gets: headless by default; with --connect the bridge, or headless when the app cannot be reached.
import type { FileAccess } from "@mcp-wrappers/fieldcraft-engine";
import { DEFAULT_AUTOSAVE_SECONDS, type ServerOptions } from "../cli/options.js";
import type { Backend } from "./types.js";
import { createHeadlessBackend } from "./headless.js";

/** Connects to a running app's control channel (issue 7's bridge); an error value when it cannot be reached. */
export type BridgeConnector = (target: { host: string; port: number }) => Promise<Backend | { error: string }>;

export interface OpenDeps {
  fileAccess: FileAccess;
  version: string;
  connectBridged: BridgeConnector;
  note(message: string): void;
}

export async function openBackend(options: ServerOptions, deps: OpenDeps): Promise<Backend> {
  if (options.mode === "connect" && options.connect !== undefined) {
    const where = `${options.connect.host}:${options.connect.port}`;
    const bridged = await deps.connectBridged(options.connect);
    if (!("error" in bridged)) return bridged;
    deps.note(`cannot reach the app at ${where} (${bridged.error}); running a headless session instead`);
  }
  return createHeadlessBackend(deps.fileAccess, deps.version, { autosaveSeconds: options.autosaveSeconds ?? DEFAULT_AUTOSAVE_SECONDS, note: deps.note });
}
