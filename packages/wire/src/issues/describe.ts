import type { z } from "zod";
import { formatPath, lookup } from "./path.js";
import type { IssueStyle } from "./style.js";
import { article, lowerFirst, show, typeName } from "./values.js";

type Issue = z.core.$ZodIssue;

/** Pass as `raw` when the input is not at hand (an error thrown deep inside): nothing is called missing or quoted. */
export const INPUT_UNSEEN: unique symbol = Symbol("input unseen");

/**
 * One line per problem, each `where: what to change`, naming the path the caller sent and quoting
 * what they sent: `params.order: must be one of 1, 2 (got 3)`, `method: missing (one of "tet", "hex")`,
 * `arguments: unknown argument \`colour\``. Duplicates (from union options) are dropped.
 */
export function issueLines(issues: readonly Issue[], raw: unknown, style: IssueStyle): string[] {
  return [...new Set(issues.flatMap((issue) => describeIssue(issue, raw, style)))];
}

/** The lines joined by "; ", at most `max` of them (then a count), for a one-line error. */
export function formatIssues(issues: readonly Issue[], raw: unknown, style: IssueStyle, max = 8): string {
  const lines = issueLines(issues, raw, style);
  return lines.slice(0, max).join("; ") + (lines.length > max ? `; … (${lines.length} problems)` : "");
}

// zod's own (English) messages all start like this; anything else was written by the schema's author
// for this very case and is shown as it is.
const ZOD_DEFAULT = /^(Invalid|Too (small|big)|Unrecognized)/;

function describeIssue(issue: Issue, raw: unknown, style: IssueStyle): string[] {
  const where = formatPath(issue.path, raw, style);
  if (issue.code !== "unrecognized_keys" && !ZOD_DEFAULT.test(issue.message)) return [`${where}: ${issue.message}`];
  const seen = raw !== INPUT_UNSEEN;
  const got = seen ? lookup(raw, issue.path) : { present: true };
  const sent = seen && got.present ? ` (got ${show(got.value)})` : "";
  switch (issue.code) {
    case "unrecognized_keys": {
      const keys = issue.keys.map((k) => "`" + k + "`").join(", ");
      return [`${where}: unknown ${style.noun}${issue.keys.length > 1 ? "s" : ""} ${keys}`];
    }
    case "invalid_value": {
      const values = issue.values.map((v) => show(v)).join(", ");
      if (!got.present) return [`${where}: missing (${issue.values.length > 1 ? "one of " : ""}${values})`];
      return [`${where}: must be ${issue.values.length > 1 ? "one of " : ""}${values}${sent}`];
    }
    case "invalid_type":
      if (!got.present) return [`${where}: missing (expected ${article(issue.expected)})`];
      return [`${where}: must be ${article(issue.expected)}${seen ? ` (got ${typeName(got.value)})` : ""}`];
    case "invalid_union":
      return describeUnion(issue, raw, style, where, sent);
    case "too_small":
    case "too_big":
      return [`${where}: ${bound(issue)}${sent}`];
    case "not_multiple_of":
      return [`${where}: must be a multiple of ${issue.divisor}${sent}`];
    case "invalid_format":
      return [`${where}: ${issue.format === "regex" && issue.pattern ? `must match ${issue.pattern}` : lowerFirst(issue.message)}${sent}`];
    default:
      return [`${where}: ${lowerFirst(issue.message)}${sent}`];
  }
}

/** Literal options read "must be one of"; otherwise the problems of the option the input came closest to. */
function describeUnion(issue: z.core.$ZodIssueInvalidUnion, raw: unknown, style: IssueStyle, where: string, sent: string): string[] {
  const listed = (issue as { options?: readonly unknown[] }).options;
  if (listed && listed.length > 0) return [`${where}: must be one of ${listed.map((o) => show(o)).join(", ")}${sent}`];
  const options = issue.errors ?? [];
  if (options.length === 0) return [`${where}: ${lowerFirst(issue.message)}${sent}`];
  const literals = options.map((o) => (o.length === 1 && o[0]!.code === "invalid_value" && o[0]!.path.length === 0 ? o[0]!.values : null));
  if (literals.every((l) => l !== null)) return [`${where}: must be one of ${literals.flat().map((v) => show(v)).join(", ")}${sent}`];
  // Keys an option does not know suggest the caller meant another option, so they weigh more than a bad value.
  const cost = (o: readonly Issue[]) => o.reduce((n, i) => n + 1 + (i.code === "unrecognized_keys" ? 2 * i.keys.length : 0), 0);
  const closest = options.reduce((best, o) => (cost(o) < cost(best) ? o : best));
  return closest.flatMap((sub) => describeIssue({ ...sub, path: [...issue.path, ...sub.path] } as Issue, raw, style));
}

function bound(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string {
  const small = issue.code === "too_small";
  const limit = small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum;
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "number":
    case "int":
    case "bigint":
      return `must be ${small ? (inclusive ? "at least" : "greater than") : inclusive ? "at most" : "less than"} ${limit}`;
    case "string":
      return `must be ${small ? "at least" : "at most"} ${limit} character${limit === 1 ? "" : "s"} long`;
    case "array":
    case "set":
      return `must have ${small ? "at least" : "at most"} ${limit} item${limit === 1 ? "" : "s"}`;
    default:
      return lowerFirst(issue.message);
  }
}
