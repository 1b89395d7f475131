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
 * fz printed an object that breaks the published output schema: its bytes go out as text with a
 * note, flagged as an error and without structuredContent, so a client that checks results against
 * the outputSchema (the SDK's does, and throws) still gets an answer it can read.
 */
export function breachResult(text: string, breach: string): ToolResult {
  return {
    content: [
      { type: "text", text },
      { type: "text", text: `fz-mcp: fz's output above breaks this tool's output schema (${breach}), so it is passed as text only; the fz build and this server may disagree on the envelope contract.` },
    ],
    isError: true,
  };
}
