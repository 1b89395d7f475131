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

interface Described {
  name: string;
  version: string;
  ui: boolean;
  catalogue: unknown[];
}

function isDescribed(value: unknown): value is Described {
  const v = value as Described;
  return typeof v === "object" && v !== null && typeof v.name === "string" && typeof v.version === "string" && typeof v.ui === "boolean" && Array.isArray(v.catalogue);
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
  const described = await client.call("describe", { catalogue: true }, { timeoutMs: target.connectTimeoutMs ?? 15_000 });
  if (!described.ok || !isDescribed(described.result)) {
    client.close();
    return { error: `the app at ${client.endpoint} did not describe itself: ${described.ok ? "unexpected reply" : described.error}` };
  }
  const app = described.result;
  return createBridgedBackend({
    client,
    target: client.endpoint,
    app: { name: app.name, version: app.version, ui: app.ui },
    catalogue: app.catalogue as never,
    ...(target.callTimeoutMs !== undefined ? { callTimeoutMs: target.callTimeoutMs } : {}),
  });
}
