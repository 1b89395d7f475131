import type { z } from "zod";

/**
 * Turns zod issues into one sentence per problem, each naming the argument: missing, unknown,
 * wrong type, outside an enum; e.g. "`method` must be one of tet, hex (got \"quad\")".
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): string {
  return issues.map((issue) => describeIssue(issue, raw)).join("; ");
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const path = issue.path;
  const name = "`" + formatPath(path) + "`";
  const got = lookup(raw, path);
  switch (issue.code) {
    case "unrecognized_keys": {
      const where = path.length === 0 ? "" : ` in ${name}`;
      const keys = issue.keys.map((k) => "`" + k + "`").join(", ");
      return `unknown argument${issue.keys.length > 1 ? "s" : ""} ${keys}${where}`;
    }
    case "invalid_value":
      if (!got.present) return `${name} is missing (one of ${issue.values.map(String).join(", ")})`;
      return issue.values.length === 1
        ? `${name} must be ${JSON.stringify(issue.values[0])} (got ${show(got.value)})`
        : `${name} must be one of ${issue.values.map(String).join(", ")} (got ${show(got.value)})`;
    case "invalid_type":
      if (!got.present) return `${name} is missing (expected ${article(issue.expected)})`;
      return `${name} must be ${article(issue.expected)} (got ${typeName(got.value)})`;
    case "too_small":
    case "too_big":
    case "invalid_format":
    case "not_multiple_of":
    case "invalid_union":
    case "invalid_key":
    case "invalid_element":
    case "custom":
    default:
      return `${name}: ${lowerFirst(issue.message)}${got.present ? ` (got ${show(got.value)})` : ""}`;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "arguments";
  let out = "";
  for (const key of path) {
    if (typeof key === "number") out += `[${key}]`;
    else out += out === "" ? String(key) : `.${String(key)}`;
  }
  return out;
}

function lookup(raw: unknown, path: readonly PropertyKey[]): { present: boolean; value?: unknown } {
  let current: unknown = raw;
  for (const key of path) {
    if (typeof current !== "object" || current === null || !Object.prototype.hasOwnProperty.call(current, key)) {
      return { present: false };
    }
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return { present: current !== undefined, value: current };
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "number" && !Number.isInteger(value)) return `the number ${value}`;
  switch (typeof value) {
    case "string":
      return `the string ${show(value)}`;
    case "number":
      return `the number ${value}`;
    case "boolean":
      return `${value}`;
    case "object":
      return "an object";
    default:
      return typeof value;
  }
}

function article(expected: string): string {
  switch (expected) {
    case "int":
      return "an integer";
    case "object":
    case "array":
      return `an ${expected}`;
    case "undefined":
    case "null":
    case "never":
      return expected;
    default:
      return `a ${expected}`;
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? text.slice(0, 77) + "..." : text;
}

function lowerFirst(text: string): string {
  return text.length > 0 ? text[0]!.toLowerCase() + text.slice(1) : text;
}
