// Which backend a start gets: headless by default; with --connect the bridge, or headless when the app cannot be reached.
import { DEFAULT_AUTOSAVE_SECONDS, type ServerOptions } from "../cli/options.js";
import type { Backend } from "./types.js";

/** Connects to a running app's control channel (issue 7's bridge); an error value when it cannot be reached. */
export type BridgeConnector = (target: { host: string; port: number }) => Promise<Backend | { error: string }>;

/** Starts the headless session (the engine in its worker thread, src/backend/worker). */
export type HeadlessStarter = (options: { autosaveSeconds: number }) => Promise<Backend>;

export interface OpenDeps {
  startHeadless: HeadlessStarter;
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
  return deps.startHeadless({ autosaveSeconds: options.autosaveSeconds ?? DEFAULT_AUTOSAVE_SECONDS });
}
