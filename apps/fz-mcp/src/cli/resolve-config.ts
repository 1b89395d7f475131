import { parseListenAddress, type ListenAddress } from "@mcp-wrappers/mcp-core";
import { parseArgv } from "./parse-argv.js";
import { DEFAULT_TIME_LIMIT, parseTimeoutSecs, type TimeLimit } from "./parse-timeout.js";
import { splitCommand } from "./split-command.js";
import { isValidUtf8Text } from "./well-formed.js";

/** Everything the server needs to run fz, resolved once at startup. */
export interface FzConfig {
  /** The program and its leading arguments; never empty. */
  readonly command: readonly string[];
  /** The child's working directory; undefined inherits the server's. */
  readonly cwd: string | undefined;
  readonly timeLimit: TimeLimit;
  /** Serve Streamable HTTP on this address instead of stdio (`--http`), with the token read from `tokenFile`. */
  readonly http?: { readonly address: ListenAddress; readonly tokenFile: string | undefined; readonly noAuth?: true };
  /** Most fz children at once across all clients (`--fz-concurrency`; default 1: they share one venture). */
  readonly fzConcurrency?: number;
  /** Most calls waiting for a child beyond those (`--fz-queue`; default 32); past it a call is turned away. */
  readonly fzQueue?: number;
}

export type StartupOutcome =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "refuse"; message: string }
  | { kind: "serve"; config: FzConfig };

export type Environment = Readonly<Record<string, string | undefined>>;

/**
 * argv → cwd (flag, else env) → command (flag, else env, else `fz`) → timeout (env) → refuse an
 * empty command. The first error wins; `--help` is decided before any environment is read.
 */
export function resolveConfig(argv: readonly string[], env: Environment): StartupOutcome {
  const parsed = parseArgv(argv);
  if (parsed.kind === "help" || parsed.kind === "version") return parsed;
  if (parsed.kind === "misuse") return { kind: "refuse", message: parsed.message };

  let cwd = parsed.cwd;
  if (cwd === undefined) {
    const fromEnv = env.FZ_MCP_CWD;
    if (fromEnv !== undefined && !isValidUtf8Text(fromEnv)) {
      return {
        kind: "refuse",
        message:
          "FZ_MCP_CWD is set but is not valid UTF-8; refusing rather than running somewhere the operator did not configure",
      };
    }
    if (fromEnv !== undefined && fromEnv !== "") cwd = fromEnv;
  }

  let command = parsed.command;
  if (command === undefined) {
    const fromEnv = env.FZ_MCP_COMMAND;
    if (fromEnv !== undefined && !isValidUtf8Text(fromEnv)) {
      return {
        kind: "refuse",
        message:
          "FZ_MCP_COMMAND is set but is not valid UTF-8; refusing rather than running something other than the operator configured",
      };
    }
    command = fromEnv === undefined ? ["fz"] : splitCommand(fromEnv);
  }

  let timeLimit = DEFAULT_TIME_LIMIT;
  const rawTimeout = env.FZ_MCP_TIMEOUT_SECS;
  if (rawTimeout !== undefined) {
    if (!isValidUtf8Text(rawTimeout)) {
      return {
        kind: "refuse",
        message: "FZ_MCP_TIMEOUT_SECS is set but is not valid UTF-8; refusing rather than guessing the limit",
      };
    }
    const timeout = parseTimeoutSecs(rawTimeout);
    if (!timeout.ok) return { kind: "refuse", message: timeout.message };
    timeLimit = timeout.limit;
  }

  if (command.length === 0) {
    return { kind: "refuse", message: "the fz command is empty (FZ_MCP_COMMAND, or the words after --)" };
  }
  const counts = {
    ...(parsed.fzConcurrency === undefined ? {} : { fzConcurrency: parsed.fzConcurrency }),
    ...(parsed.fzQueue === undefined ? {} : { fzQueue: parsed.fzQueue }),
  };
  if (parsed.http !== undefined) {
    const address = parseListenAddress(parsed.http);
    if ("error" in address) return { kind: "refuse", message: address.error };
    const noAuth = parsed.httpNoAuth === undefined ? {} : { noAuth: true as const };
    return { kind: "serve", config: { command, cwd, timeLimit, http: { address, tokenFile: parsed.httpTokenFile, ...noAuth }, ...counts } };
  }
  return { kind: "serve", config: { command, cwd, timeLimit, ...counts } };
}

/** The one diagnostic line written before serving. */
export function startupLine(config: FzConfig): string {
  const place = config.cwd === undefined ? "the current directory" : `cwd ${config.cwd}`;
  const how = config.http === undefined ? "serving MCP over stdio until EOF" : "serving MCP over HTTP until SIGTERM";
  return `fz-mcp: running \`${config.command.join(" ")}\` from ${place}, ${how}`;
}
