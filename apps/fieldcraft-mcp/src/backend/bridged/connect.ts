// `fieldcraft-mcp --connect HOST:PORT`: find the token in the app's port file, connect, learn what the app
// is (describe) and its catalogue, and hand back a Backend. Errors are values the caller turns into a note.
import { connectToApp } from "@mcp-wrappers/fieldcraft-control";
import type { Backend } from "../types.js";
import { createBridgedBackend } from "./backend.js";

export interface BridgeTarget {
  host: string;
  port: number;
  /** The app's port file; default: where `fieldcraft --control PORT` writes it for that port. */
  portFile?: string;
  /** Use this token instead of the port file's (null: the app runs with --control-no-auth). */
  token?: string | null;
  callTimeoutMs?: number;
  connectTimeoutMs?: number;
}

export async function connectBridgedBackend(target: BridgeTarget): Promise<Backend | { error: string }> {
  const connected = await connectToApp({
    host: target.host,
    port: target.port,
    ...(target.portFile !== undefined ? { portFile: target.portFile } : {}),
    ...(target.token !== undefined ? { token: target.token } : {}),
    connectTimeoutMs: target.connectTimeoutMs ?? 5000,
  });
  if (!connected.ok) return { error: connected.error };
  const client = connected.client;
  // The reply is checked (catalogue rows included) by the client: typed values, no casts.
  const described = await client.describe({ catalogue: true, timeoutMs: target.connectTimeoutMs ?? 15_000 });
  const catalogue = described.ok ? described.reply.catalogue : undefined;
  if (!described.ok || catalogue === undefined) {
    client.close();
    return { error: `the app at ${client.endpoint} did not describe itself: ${described.ok ? "no catalogue in its reply" : described.error}` };
  }
  const app = described.reply;
  return createBridgedBackend({
    client,
    target: client.endpoint,
    app: { name: app.name, version: app.version, ui: app.ui },
    catalogue,
    ...(target.callTimeoutMs !== undefined ? { callTimeoutMs: target.callTimeoutMs } : {}),
  });
}
