// The app's flags as one table; each given once, `--flag value` or `--flag=value`.
import { parseArgs } from "node:util";
import { DEFAULT_CONTROL_PORT, loopbackHost } from "@mcp-wrappers/fieldcraft-control";

export interface AppOptions {
  host: string;
  port: number;
  tokenFile?: string;
  noAuth: boolean;
  portFile?: string;
  /** Seconds between recovery autosaves of the model (0: off). */
  autosaveSeconds: number;
  /** `--view PORT`: serve the web viewer on this loopback port too (0 picks a free one). */
  viewPort?: number;
}

export const DEFAULT_AUTOSAVE_SECONDS = 60;

export type ParsedAppOptions = { kind: "run"; options: AppOptions } | { kind: "help" } | { kind: "version" } | { kind: "error"; error: string };

const FLAGS = {
  control: { type: "string" },
  "control-host": { type: "string" },
  "control-token-file": { type: "string" },
  "control-no-auth": { type: "boolean" },
  "control-port-file": { type: "string" },
  "autosave-seconds": { type: "string" },
  view: { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
} as const;

export const USAGE = `fieldcraft: the FieldCraft app, serving its engine session on the control channel

Usage:
  fieldcraft [--control PORT] [--control-host 127.0.0.1|::1]
             [--control-token-file FILE | --control-no-auth] [--control-port-file FILE]
             [--autosave-seconds N]
             [--view PORT]

Options:
  --control PORT            listen on this loopback port (default ${DEFAULT_CONTROL_PORT}; 0 picks a free one)
  --control-host HOST       127.0.0.1 (default) or ::1; the channel never listens elsewhere
  --control-token-file FILE read the token (64 hex digits) from FILE instead of making a random one
  --control-no-auth         serve without a token (anyone on this computer can drive the app)
  --control-port-file FILE  write {port, token, pid} here (mode 0600) instead of the default
                            <temp>/fieldcraft-control-<user>/<port>.json
  --autosave-seconds N      autosave unsaved changes every N seconds to the recovery folder
                            (default ${DEFAULT_AUTOSAVE_SECONDS}; 0 turns it off; FIELDCRAFT_RECOVERY_DIR moves it)
  --view PORT               also serve the web viewer on this loopback port (0 picks a free one); the page's
                            URL, with its own token, is printed on stderr
  -h, --help                this text
  -V, --version             the app's version

The app says on stderr where it listens and logs every command it runs. Stop it with Ctrl-C.
`;

export function parseAppOptions(argv: readonly string[]): ParsedAppOptions {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false, tokens: true });
  } catch (error) {
    return { kind: "error", error: `${(error as Error).message}; see --help` };
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    if (seen.has(token.name)) return { kind: "error", error: `--${token.name} is given more than once; give each flag once` };
    seen.add(token.name);
  }
  const v = parsed.values;
  if (v.help) return { kind: "help" };
  if (v.version) return { kind: "version" };
  const portText = v.control ?? String(DEFAULT_CONTROL_PORT);
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
    return { kind: "error", error: `--control ${portText}: expected a port number 0-65535 (0 picks a free port)` };
  }
  const viewText = v.view;
  if (viewText !== undefined && (!/^\d{1,5}$/.test(viewText) || Number(viewText) > 65535)) {
    return { kind: "error", error: `--view ${viewText}: expected a port number 0-65535 (0 picks a free port)` };
  }
  const host = loopbackHost(v["control-host"] ?? "127.0.0.1");
  if (!host.ok) return { kind: "error", error: `--control-host: ${host.error}` };
  const autosaveText = v["autosave-seconds"] ?? String(DEFAULT_AUTOSAVE_SECONDS);
  if (!/^\d{1,5}$/.test(autosaveText) || Number(autosaveText) > 86_400) {
    return { kind: "error", error: `--autosave-seconds ${autosaveText}: expected whole seconds from 0 (off) to 86400` };
  }
  if (v["control-no-auth"] && v["control-token-file"] !== undefined) {
    return { kind: "error", error: "--control-no-auth and --control-token-file contradict each other; give one" };
  }
  return {
    kind: "run",
    options: {
      host: host.host,
      port: Number(portText),
      noAuth: v["control-no-auth"] === true,
      autosaveSeconds: Number(autosaveText),
      ...(v["control-token-file"] !== undefined ? { tokenFile: v["control-token-file"] } : {}),
      ...(v["control-port-file"] !== undefined ? { portFile: v["control-port-file"] } : {}),
      ...(viewText !== undefined ? { viewPort: Number(viewText) } : {}),
    },
  };
}
