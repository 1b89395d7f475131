import type { FzToolRow, ToolArguments } from "./tool-row.js";

/**
 * fz's argv for a validated call: the verb, then each argument in the row's order — a present
 * string as `flag value` (or bare when positional), a boolean as its bare flag only when true.
 * The order of keys in the call never matters.
 */
export function buildArgv(row: FzToolRow, args: ToolArguments): string[] {
  const argv = [...(row.verb ?? [])];
  for (const spec of row.args) {
    const value = args[spec.name];
    if (spec.type === "boolean") {
      if (value === true && spec.flag !== undefined) argv.push(spec.flag);
      continue;
    }
    if (typeof value !== "string") continue;
    if (spec.flag !== undefined) argv.push(spec.flag);
    argv.push(value);
  }
  return argv;
}
