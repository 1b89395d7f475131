import type { ArgumentSpec, FzToolRow, ToolArguments } from "./tool-row.js";

export type Validation = { ok: true; value: ToolArguments } | { ok: false; message: string };

/** The article-and-noun an agent reads for a JSON value's type. */
export function typeWords(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "boolean":
      return "a boolean";
    case "number":
      return "a number";
    case "string":
      return "a string";
    default:
      return "an object";
  }
}

/** Rust-debug-like quoting; JSON.stringify escapes `"`, `\`, `\n`, `\t`, `\r` the same way. */
function quoted(value: string): string {
  return JSON.stringify(value);
}

function leadingDash(name: string, value: string): string {
  return `argument \`${name}\` must not start with \`-\`: the fz command line would read ${quoted(value)} as a flag`;
}

/**
 * Characters no argument may carry: a NUL cannot be put on a command line at all (the spawn fails
 * and would be misreported as fz being unavailable), and a line break would make one argument read
 * as several lines in fz's output and logs.
 */
function forbiddenCharacter(name: string, value: string): string | undefined {
  if (value.includes("\0")) return `argument \`${name}\` must not contain a NUL character (\\u0000): ${quoted(value)}`;
  if (/[\r\n]/.test(value)) return `argument \`${name}\` must not contain a line break: ${quoted(value)}`;
  return undefined;
}

function present(args: Readonly<Record<string, unknown>>, name: string): boolean {
  return Object.hasOwn(args, name) && args[name] !== null && args[name] !== undefined;
}

/**
 * Checks a call's arguments in the order the spec fixes — unknown keys (sorted), required strings,
 * optional strings, booleans — and returns the first failure. Nothing is spawned before this passes.
 */
export function validateArguments(row: FzToolRow, raw: Readonly<Record<string, unknown>> | null | undefined): Validation {
  const args = raw ?? {};
  const declared = new Set(row.args.map((arg) => arg.name));
  for (const key of Object.keys(args).sort()) {
    if (!declared.has(key)) return { ok: false, message: `unknown argument \`${key}\` for tool \`${row.name}\`` };
  }

  const value: Record<string, string | boolean | undefined> = {};
  const checks: Array<(arg: ArgumentSpec) => string | undefined> = [
    (arg) => (arg.type === "string" && arg.required ? checkRequiredString(arg, args, value) : undefined),
    (arg) => (arg.type === "string" && !arg.required ? checkOptionalString(arg, args, value) : undefined),
    (arg) => (arg.type === "boolean" ? checkBoolean(arg, args, value) : undefined),
  ];
  for (const check of checks) {
    for (const arg of row.args) {
      const message = check(arg);
      if (message !== undefined) return { ok: false, message };
    }
  }
  return { ok: true, value };
}

/** A required string: present and not empty, then checked as any string argument. */
function checkRequiredString(
  arg: ArgumentSpec,
  args: Readonly<Record<string, unknown>>,
  out: Record<string, string | boolean | undefined>,
): string | undefined {
  if (!present(args, arg.name)) return `missing required argument \`${arg.name}\``;
  if (args[arg.name] === "") return `argument \`${arg.name}\` must not be empty`;
  return checkOptionalString(arg, args, out);
}

function checkOptionalString(
  arg: ArgumentSpec,
  args: Readonly<Record<string, unknown>>,
  out: Record<string, string | boolean | undefined>,
): string | undefined {
  if (!present(args, arg.name)) return undefined;
  const given = args[arg.name];
  if (typeof given !== "string") return `argument \`${arg.name}\` must be a string, got ${typeWords(given)}`;
  if (given.startsWith("-")) return leadingDash(arg.name, given);
  const forbidden = forbiddenCharacter(arg.name, given);
  if (forbidden !== undefined) return forbidden;
  out[arg.name] = given;
  return undefined;
}

function checkBoolean(
  arg: ArgumentSpec,
  args: Readonly<Record<string, unknown>>,
  out: Record<string, string | boolean | undefined>,
): string | undefined {
  if (!present(args, arg.name)) {
    out[arg.name] = false;
    return undefined;
  }
  const given = args[arg.name];
  if (typeof given !== "boolean") return `argument \`${arg.name}\` must be a boolean, got ${typeWords(given)}`;
  out[arg.name] = given;
  return undefined;
}
