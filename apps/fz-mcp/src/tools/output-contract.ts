import type { ToolResult } from "@mcp-wrappers/mcp-core";

/** The JSON Schema subset fz-mcp's output schema is written in. */
export interface SchemaNode {
  readonly type?: "object" | "array" | "integer" | "number" | "string" | "boolean";
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly description?: string;
}

/** The keywords `contractBreach` understands; a schema using any other would be checked only in part. */
export const UNDERSTOOD_KEYWORDS: ReadonlySet<string> = new Set(["type", "properties", "required", "items", "description"]);

const TYPE_CHECKS: Readonly<Record<NonNullable<SchemaNode["type"]>, (v: unknown) => boolean>> = {
  object: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  array: Array.isArray,
  integer: Number.isInteger,
  number: (v) => typeof v === "number" && Number.isFinite(v),
  string: (v) => typeof v === "string",
  boolean: (v) => typeof v === "boolean",
};

/**
 * The first way `value` breaks `schema`, said so a person can find it (`envelope.failures[0].code is
 * missing`), or undefined when it keeps the contract. Members the schema does not name are free.
 */
export function contractBreach(schema: SchemaNode, value: unknown, at = "envelope"): string | undefined {
  if (schema.type !== undefined && !TYPE_CHECKS[schema.type](value)) {
    return `${at} should be ${schema.type === "integer" || schema.type === "array" || schema.type === "object" ? "an" : "a"} ${schema.type}, got ${JSON.stringify(value) ?? "undefined"}`;
  }
  if (TYPE_CHECKS.object(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) return `${at}.${key} is missing`;
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      if (key in record) {
        const breach = contractBreach(sub, record[key], `${at}.${key}`);
        if (breach !== undefined) return breach;
      }
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) {
    for (let i = 0; i < value.length; i += 1) {
      const breach = contractBreach(schema.items, value[i], `${at}[${i}]`);
      if (breach !== undefined) return breach;
    }
  }
  return undefined;
}

/**
 * fz printed an object whose keys have the wrong types for the published output schema: its bytes go out as
 * text with a note and without structuredContent (which would contradict the schema), and `isError` is still
 * exactly `ok === false`, never set for the breach. A schema-checking client (the SDK's) then refuses the result
 * itself, which is what it is: fz broke its own contract; this server does not hide that behind an error flag.
 */
export function breachResult(text: string, parsed: object, breach: string): ToolResult {
  return {
    content: [
      { type: "text", text },
      { type: "text", text: `fz-mcp: fz's output above breaks this tool's output schema (${breach}), so it is passed as text only; the fz build and this server may disagree on the envelope contract.` },
    ],
    isError: (parsed as { ok?: unknown }).ok === false,
  };
}
