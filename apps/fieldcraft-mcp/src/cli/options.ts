// Command-line flags as data: the seed's flags, each given once, as `--flag value` or `--flag=value`.
import { parseArgs } from "node:util";
import { HTTP_FLAGS, HTTP_USAGE, parseHttpOptions, type HttpOptions } from "./http-options.js";

export interface ServerOptions {
  mode: "headless" | "connect";
  /** HOST:PORT of a running app (`fieldcraft --control`), when mode is "connect". */
  connect?: { host: string; port: number };
  readRoot?: string;
  writeRoot?: string;
  /** Seconds between recovery autosaves of the headless session (default 60; 0: off). */
  autosaveSeconds?: number;
  /** Serve Streamable HTTP (one headless engine session per client session) instead of stdio. */
  http?: HttpOptions;
}

export const DEFAULT_AUTOSAVE_SECONDS = 60;

export type ParsedOptions =
  | { kind: "run"; options: ServerOptions }
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "error"; error: string };

const FLAGS = {
  headless: { type: "boolean" },
  connect: { type: "string" },
  "automation-read-root": { type: "string" },
  "automation-write-root": { type: "string" },
  "autosave-seconds": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "V" },
  ...HTTP_FLAGS,
} as const;

export const USAGE = `fieldcraft-mcp: the FieldCraft MCP server (JSON-RPC over stdio, or Streamable HTTP)

Usage:
  fieldcraft-mcp [mcp] [--headless]
  fieldcraft-mcp [mcp] --connect HOST:PORT
  fieldcraft-mcp [mcp] --automation-read-root DIR [--automation-write-root DIR]
  fieldcraft-mcp [mcp] --http [HOST:]PORT [--http-token-file FILE | --http-no-auth] [roots | --unconfined]

Options:
  --headless                    an in-process engine session, no window (the default)
  --connect HOST:PORT           drive the running app (fieldcraft --control PORT); an app that
                                cannot be reached gives a headless session (a note on stderr)
  --automation-read-root DIR    every file a command reads must lie inside DIR
  --automation-write-root DIR   every file a command writes must lie inside DIR
                                (the roots imply --headless; a root left out grants none of its access)
  --autosave-seconds N          autosave unsaved changes of the headless session every N seconds to the
                                recovery folder (default 60; 0 turns it off; FIELDCRAFT_RECOVERY_DIR moves it)
${HTTP_USAGE}  -h, --help                    this text
  -V, --version                 print the version and exit

stdout carries only protocol messages; diagnostics go to stderr.
`;

export function parseHostPort(value: string): { host: string; port: number } | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s\[\]]+)):(\d{1,5})$/.exec(value);
  if (match === null) return null;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return null;
  return { host: match[1] ?? match[2], port };
}

/** A whole number of seconds, 0 (off) to a day. */
export function parseAutosaveSeconds(value: string): number | null {
  if (!/^\d{1,5}$/.test(value)) return null;
  const n = Number(value);
  return n <= 86_400 ? n : null;
}

export function parseOptions(argv: readonly string[]): ParsedOptions {
  // `fieldcraft-cli mcp` is the seed's spelling; accept the subcommand word for drop-in use.
  const args = argv[0] === "mcp" ? argv.slice(1) : [...argv];
  let parsed;
  try {
    parsed = parseArgs({ args, options: FLAGS, strict: true, allowPositionals: false, tokens: true });
  } catch (error) {
    return { kind: "error", error: `${(error as Error).message}; see --help` };
  }
  const seen = new Set<string>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option") continue;
    if (seen.has(token.name)) return { kind: "error", error: `--${token.name} is given more than once; give each flag once` };
    seen.add(token.name);
  }
  const values = parsed.values;
  if (values.help) return { kind: "help" };
  if (values.version) return { kind: "version" };
  const autosaveText = values["autosave-seconds"];
  const autosaveSeconds = autosaveText === undefined ? undefined : parseAutosaveSeconds(autosaveText);
  if (autosaveSeconds === null) return { kind: "error", error: `--autosave-seconds ${autosaveText}: expected whole seconds from 0 (off) to 86400` };
  const autosave = autosaveSeconds === undefined ? {} : { autosaveSeconds };
  const readRoot = values["automation-read-root"];
  const writeRoot = values["automation-write-root"];
  const confined = readRoot !== undefined || writeRoot !== undefined;
  const http = parseHttpOptions(values);
  if (http !== undefined && "error" in http) return { kind: "error", error: http.error };
  if (http?.unconfined === true && confined) {
    return { kind: "error", error: "--unconfined contradicts --automation-read-root/--automation-write-root; give one" };
  }
  if (values.connect !== undefined) {
    if (http !== undefined) {
      return { kind: "error", error: "--connect and --http contradict each other: over HTTP every client gets its own headless session" };
    }
    if (confined) {
      return { kind: "error", error: "--connect cannot be combined with --automation-read-root/--automation-write-root: the app it drives would not be confined" };
    }
    if (values.headless) return { kind: "error", error: "--connect and --headless contradict each other; give one" };
    const target = parseHostPort(values.connect);
    if (target === null) return { kind: "error", error: `--connect ${values.connect}: expected HOST:PORT, e.g. 127.0.0.1:7070` };
    return { kind: "run", options: { mode: "connect", connect: target, ...autosave } };
  }
  return { kind: "run", options: { mode: "headless", readRoot, writeRoot, ...autosave, ...(http === undefined ? {} : { http }) } };
}
