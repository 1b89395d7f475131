// Connecting the way the bridge does: HOST:PORT, the token from the port file for that port.
import { defaultPortFilePath, readPortFile } from "../auth/port-file.js";
import { ControlClient } from "./control-client.js";

export interface ConnectOptions {
  host: string;
  port: number;
  /** Where the app wrote `{port, token, pid}`; default: the app's default port file for this port. */
  portFile?: string;
  /** A token to use instead of the port file's; null for an app started with `--control-no-auth`. */
  token?: string | null;
  connectTimeoutMs?: number;
}

export async function connectToApp(options: ConnectOptions): Promise<{ ok: true; client: ControlClient } | { ok: false; error: string }> {
  let token = options.token;
  if (token === undefined) {
    const path = options.portFile ?? defaultPortFilePath(options.port);
    const file = await readPortFile(path);
    if (!file.ok) return { ok: false, error: `cannot find the token for port ${options.port}: ${file.error}` };
    if (file.file.port !== options.port) {
      return { ok: false, error: `the port file ${path} is for port ${file.file.port}, not ${options.port}` };
    }
    token = file.file.token;
  }
  return ControlClient.connect({ host: options.host, port: options.port, token, connectTimeoutMs: options.connectTimeoutMs });
}
