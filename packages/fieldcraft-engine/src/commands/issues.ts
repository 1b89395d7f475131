// Zod issues rewritten in the caller's terms: the parameter path they sent and what to change.
import type { z } from "zod";

function pathOf(path: readonly PropertyKey[]): string {
  let out = "params";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `.${String(p)}`;
  return out;
}

/** For a plain union: "must be one of" when every option is a literal, else the closest option's own issues. */
function describeUnion(issue: z.core.$ZodIssue & { errors?: z.core.$ZodIssue[][] }, where: string): string[] {
  const options = issue.errors ?? [];
  if (options.length === 0) return [`${where}: ${issue.message}`];
  const literals = options.map((o) => (o.length === 1 && o[0].code === "invalid_value" && o[0].path.length === 0 ? o[0].values : null));
  if (literals.every((l) => l !== null)) return [`${where}: must be one of ${literals.flat().map((v) => JSON.stringify(v)).join(", ")}`];
  // Keys the option does not know suggest the caller meant another option, so they weigh more than a bad value.
  const cost = (o: z.core.$ZodIssue[]) => o.reduce((n, i) => n + 1 + (i.code === "unrecognized_keys" ? 2 * i.keys.length : 0), 0);
  const closest = options.reduce((best, o) => (cost(o) < cost(best) ? o : best));
  return closest.flatMap((sub) => describeIssue({ ...sub, path: [...issue.path, ...sub.path] } as z.core.$ZodIssue));
}

function describeIssue(issue: z.core.$ZodIssue): string[] {
  const where = pathOf(issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return [`${where}: unknown parameter${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `\`${k}\``).join(", ")}`];
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if (options) return [`${where}: must be one of ${options.map((o) => JSON.stringify(o)).join(", ")}`];
      return describeUnion(issue, where);
    }
    case "invalid_value":
      return [`${where}: must be ${issue.values.length > 1 ? "one of " : ""}${issue.values.map((v) => JSON.stringify(v)).join(", ")}`];
    case "invalid_type": {
      // Zod leaves the input out of its issues; its message names what it received.
      const received = /received (\w+)/.exec(issue.message)?.[1];
      if (received === "undefined") return [`${where}: required (${issue.expected})`];
      return [`${where}: expected ${issue.expected}${received ? `, got ${received}` : ""}`];
    }
    default:
      return [`${where}: ${issue.message}`];
  }
}

/** Each problem as one line naming the parameter, e.g. "params.target.set: required (string)". */
export function issueLines(issues: readonly z.core.$ZodIssue[]): string[] {
  return [...new Set(issues.flatMap(describeIssue))];
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines = issueLines(issues);
  return lines.slice(0, 8).join("; ") + (lines.length > 8 ? `; … (${lines.length} problems)` : "");
}
