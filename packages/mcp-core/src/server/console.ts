import { Console } from "node:console";

const METHODS = ["log", "info", "debug", "warn", "error", "trace", "dir", "dirxml", "table", "group", "groupCollapsed", "groupEnd", "count", "countReset", "time", "timeLog", "timeEnd", "assert"] as const;

/**
 * Sends every `console.*` method to stderr, so nothing but protocol lines reaches stdout.
 * Call it first thing in a server binary (before code that might print).
 */
export function routeConsoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  const target = console as unknown as Record<string, unknown>;
  const source = toStderr as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of METHODS) {
    if (typeof source[method] === "function") target[method] = source[method].bind(toStderr);
  }
}

type StdoutWrite = (chunk: string | Uint8Array, cb?: (error?: Error | null) => void) => boolean;

/**
 * Takes `process.stdout` for the protocol: returns its real `write`, and redirects every other
 * writer (a dependency calling `process.stdout.write`, `console.log`) to stderr.
 */
export function claimProcessStdout(): StdoutWrite {
  const stdout = process.stdout as unknown as { write: (...args: unknown[]) => boolean };
  const original = stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
  stdout.write = (...args: unknown[]) => (process.stderr.write as (...a: unknown[]) => boolean)(...args);
  routeConsoleToStderr();
  return (chunk, cb) => original(chunk, cb);
}
