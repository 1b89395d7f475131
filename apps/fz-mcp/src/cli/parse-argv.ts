import { isValidUtf8Text } from "./well-formed.js";

/** What the command line asked for; values, never side effects. */
export type ArgvOutcome =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "misuse"; message: string }
  | {
      kind: "run"; cwd: string | undefined; command: string[] | undefined; http?: string; httpTokenFile?: string; httpNoAuth?: true;
      fzConcurrency?: number; fzQueue?: number;
    };

/** `--fz-concurrency` and `--fz-queue`: whole numbers within these bounds. */
const COUNT_FLAGS = { "--fz-concurrency": { key: "fzConcurrency", min: 1, max: 64 }, "--fz-queue": { key: "fzQueue", min: 0, max: 10_000 } } as const;

/**
 * Scans argv (after the program name) left to right. `--help` anywhere before `--` wins over
 * everything, including misuse that appeared earlier, so an operator can always read the usage;
 * `--version` likewise (the first of the two wins).
 */
export function parseArgv(tokens: readonly string[]): ArgvOutcome {
  let cwd: string | undefined;
  let command: string[] | undefined;
  const http: { http?: string; httpTokenFile?: string; httpNoAuth?: true } = {};
  const counts: { fzConcurrency?: number; fzQueue?: number } = {};
  let misuse: string | undefined;
  const fail = (message: string) => {
    misuse ??= message;
  };

  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i];
    if (!isValidUtf8Text(token)) {
      fail("arguments must be valid UTF-8");
      continue;
    }
    if (token === "--help" || token === "-h") return { kind: "help" };
    if (token === "--version" || token === "-V") return { kind: "version" };
    if (token === "--") {
      command = tokens.slice(i + 1);
      break;
    }
    if (token === "--cwd") {
      const value = tokens[i + 1];
      i += 1;
      if (value === undefined) fail("--cwd needs a directory argument");
      else if (!isValidUtf8Text(value)) fail("arguments must be valid UTF-8");
      else if (value === "") fail("--cwd needs a non-empty directory argument");
      else cwd = value;
      continue;
    }
    if (token === "--http" || token === "--http-token-file") {
      const value = tokens[i + 1];
      i += 1;
      const key = token === "--http" ? "http" : "httpTokenFile";
      if (value === undefined || value === "") fail(`${token} needs a value (${token === "--http" ? "[HOST:]PORT" : "a file holding the bearer token"})`);
      else if (!isValidUtf8Text(value)) fail("arguments must be valid UTF-8");
      else if (http[key] !== undefined) fail(`${token} is given more than once`);
      else http[key] = value;
      continue;
    }
    if (token === "--http-no-auth") {
      http.httpNoAuth = true;
      continue;
    }
    if (token === "--fz-concurrency" || token === "--fz-queue") {
      const rule = COUNT_FLAGS[token];
      const value = tokens[i + 1];
      i += 1;
      const n = value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : NaN;
      if (!(n >= rule.min && n <= rule.max)) fail(`${token} needs a whole number from ${rule.min} to ${rule.max}`);
      else if (counts[rule.key] !== undefined) fail(`${token} is given more than once`);
      else counts[rule.key] = n;
      continue;
    }
    if (token.startsWith("-")) fail(`unknown flag ${token}`);
    else fail(`unexpected argument ${token} (only --cwd and -- are accepted)`);
  }

  if (misuse !== undefined) return { kind: "misuse", message: misuse };
  if (command !== undefined && !command.every(isValidUtf8Text)) {
    return { kind: "misuse", message: "arguments must be valid UTF-8" };
  }
  if (http.httpTokenFile !== undefined && http.http === undefined) {
    return { kind: "misuse", message: "--http-token-file only applies with --http" };
  }
  if (http.httpNoAuth !== undefined && http.http === undefined) {
    return { kind: "misuse", message: "--http-no-auth only applies with --http" };
  }
  return { kind: "run", cwd, command, ...http, ...counts };
}
