import { z } from "zod";

/** A JSON Schema object as published in `tools/list`. */
export type JsonSchemaObject = { readonly type: "object" } & Record<string, unknown>;

/** Turns a zod schema into the JSON Schema an MCP client reads (`$schema` left out: the 2020-12 default). */
export function zodToJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchemaObject {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  if (rest.type !== "object") throw new Error(`a tool schema must describe an object (got type ${JSON.stringify(rest.type)})`);
  return rest as JsonSchemaObject;
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Closes a zod object: unknown members are refused unless the author chose a catch-all (`.loose()`, `.catchall()`). */
export function closeObject<T extends z.ZodType>(schema: T): T {
  if (schema instanceof z.ZodObject && schema._zod.def.catchall === undefined) return schema.strict() as unknown as T;
  return schema;
}
