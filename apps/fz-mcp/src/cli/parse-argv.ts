import { isValidUtf8Text } from "./well-formed.js";

/** What the command line asked for; values, never side effects. */
export type ArgvOutcome =
  | { kind: "help" }
  | { kind: "version" }
  | { kind: "misuse"; message: string }
  | { kind: "run"; cwd: string | undefined; command: string[] | undefined };

/**
 * Scans argv (after the program name) left to right. `--help` anywhere before `--` wins over
 * everything, including misuse that appeared earlier, so an operator can always read the usage;
 * `--version` likewise (the first of the two wins).
 */
export function parseArgv(tokens: readonly string[]): ArgvOutcome {
  let cwd: string | undefined;
  let command: string[] | undefined;
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
    if (token.startsWith("-")) fail(`unknown flag ${token}`);
    else fail(`unexpected argument ${token} (only --cwd and -- are accepted)`);
  }

  if (misuse !== undefined) return { kind: "misuse", message: misuse };
  if (command !== undefined && !command.every(isValidUtf8Text)) {
    return { kind: "misuse", message: "arguments must be valid UTF-8" };
  }
  return { kind: "run", cwd, command };
}
