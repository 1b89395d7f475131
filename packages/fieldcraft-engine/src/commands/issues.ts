// Zod issues rewritten in the caller's terms: the parameter path they sent and what to change.
import type { z } from "zod";

function pathOf(path: readonly PropertyKey[]): string {
  let out = "params";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : `.${String(p)}`;
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = pathOf(issue.path);
  switch (issue.code) {
    case "unrecognized_keys":
      return `${where}: unknown parameter${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((k) => `\`${k}\``).join(", ")}`;
    case "invalid_union": {
      const options = (issue as { options?: unknown[] }).options;
      if (options) return `${where}: must be one of ${options.map((o) => JSON.stringify(o)).join(", ")}`;
      return `${where}: ${issue.message}`;
    }
    case "invalid_value":
      return `${where}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_type": {
      const received = (issue as { input?: unknown }).input;
      if (received === undefined) return `${where}: required (${issue.expected})`;
      return `${where}: expected ${issue.expected}`;
    }
    default:
      return `${where}: ${issue.message}`;
  }
}

export function formatIssues(issues: readonly z.core.$ZodIssue[]): string {
  const lines = [...new Set(issues.map(describeIssue))];
  return lines.slice(0, 8).join("; ") + (lines.length > 8 ? `; … (${lines.length} problems)` : "");
}
