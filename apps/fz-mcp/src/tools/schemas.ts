import type { FzToolRow } from "./tool-row.js";

/** A JSON Schema object as `tools/list` publishes it. */
export type ObjectSchema = { readonly type: "object" } & Record<string, unknown>;

/** `{"type":"object","properties":{…},["required":[…],]"additionalProperties":false}`, keys in that order. */
export function inputSchema(row: FzToolRow): ObjectSchema {
  const properties: Record<string, { type: string; description: string }> = {};
  for (const arg of row.args) properties[arg.name] = { type: arg.type, description: arg.description };
  const required = row.args.filter((arg) => arg.required).map((arg) => arg.name);
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * The one output schema every tool shares: it pins the types of `schema`, `ok` and `failures` and nothing more,
 * with no `additionalProperties:false`, because the CLI's envelope only grows, and no `required`, because an fz
 * object without them must still pass through as the structured answer with `isError` exactly `ok === false`
 * (a required key would make a schema-checking client such as the SDK's throw instead).
 */
export const OUTPUT_SCHEMA = {
  type: "object",
  properties: {
    schema: { type: "integer", description: "The envelope schema version — the CLI's own (1), moved only by the CLI." },
    ok: { type: "boolean", description: "Whether the fz command succeeded." },
    failures: {
      type: "array",
      description: "Empty when ok; each failure carries a stable code (see fz_error_codes).",
      items: {
        type: "object",
        properties: { code: { type: "string" }, message: { type: "string" } },
      },
    },
  },
} as const satisfies ObjectSchema;
