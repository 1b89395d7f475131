import { z } from "zod";

/** A JSON Schema object as published in `tools/list`. */
export type JsonSchemaObject = { readonly type: "object" } & Record<string, unknown>;

/** Turns a zod schema into the JSON Schema an MCP client reads (`$schema` left out: the 2020-12 default). */
export function zodToJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchemaObject {
  const { $schema: _draft, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  if (rest.type !== "object") throw new Error(`a tool schema must describe an object (got type ${JSON.stringify(rest.type)})`);
  return clientSafeSchema(rest) as JsonSchemaObject;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

// Keywords whose value is one subschema, and those whose value is a list or a map of subschemas.
const ONE = ["items", "additionalProperties", "propertyNames", "not", "contains", "if", "then", "else", "unevaluatedProperties", "unevaluatedItems"];
const LIST = ["anyOf", "oneOf", "allOf"];
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/**
 * Rewrites a JSON Schema into the subset every MCP client compiles alike. Clients validate with validators
 * of different drafts (the SDK's Client uses Ajv's draft-07 core; others use 2020-12), and some refuse
 * boolean subschemas outright, so:
 * - tuples (`prefixItems`, `items: false`) become `items` (the one item schema, or an `anyOf` of them)
 *   with `minItems`/`maxItems`; under draft-07 `items: false` would refuse every non-empty array;
 * - `additionalProperties: {}` (zod's loose objects, records of unknown values) becomes `true`, which says
 *   the same without an empty subschema;
 * - any other boolean subschema becomes `{}` (true) or `{ not: {} }` (false);
 * - `$schema` is dropped (the 2020-12 default; Ajv's draft-07 core would refuse to compile it);
 * - a list of types becomes an `anyOf` of single types;
 * - vendor keywords (`x-...`, e.g. a quantity's `x-dimension`) are dropped: strict validators refuse unknown keywords.
 * Pure: returns a new schema, the input is left as it was.
 */
export function clientSafeSchema(schema: unknown): unknown {
  if (typeof schema === "boolean") return schema ? {} : { not: {} };
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$schema" || key.startsWith("x-")) continue;
    if (key === "type" && Array.isArray(value)) {
      // A list of types (zod's nullable scalars) as the anyOf some clients insist on; other keywords stay beside it.
      const variants = value.map((t) => ({ type: t }));
      out.anyOf = Array.isArray(schema.anyOf) ? [{ anyOf: variants }, ...schema.anyOf.map(clientSafeSchema)] : variants;
      continue;
    }
    if (key === "prefixItems" || (key === "items" && Array.isArray(value))) continue;
    if (ONE.includes(key)) {
      if (key === "additionalProperties" && (value === false || value === true)) out[key] = value;
      else if (key === "additionalProperties" && isObject(value) && Object.keys(value).length === 0) out[key] = true;
      else if (key === "items" && value === false && Array.isArray(schema.prefixItems)) continue;
      else out[key] = clientSafeSchema(value);
    } else if (key === "anyOf" && Array.isArray(schema.type)) {
      continue; // merged with the type list above
    } else if (LIST.includes(key) && Array.isArray(value)) {
      out[key] = value.map(clientSafeSchema);
    } else if (MAP.includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, clientSafeSchema(v)]));
    } else {
      out[key] = value;
    }
  }
  const tuple = Array.isArray(schema.prefixItems) ? schema.prefixItems : Array.isArray(schema.items) ? schema.items : undefined;
  if (tuple !== undefined) {
    const items = tuple.map(clientSafeSchema);
    const distinct = [...new Map(items.map((s) => [JSON.stringify(s), s])).values()];
    // What may follow the listed items: `items` beside `prefixItems` (2020-12), `additionalItems` (draft-07).
    const rest = Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems;
    const closed = rest === false;
    if (isObject(rest)) distinct.push(clientSafeSchema(rest));
    out.items = distinct.length === 1 ? distinct[0] : { anyOf: distinct };
    if (typeof out.minItems !== "number" || out.minItems < tuple.length) out.minItems = tuple.length;
    if (closed) out.maxItems = tuple.length;
    delete out.additionalItems;
  }
  return out;
}

/**
 * What a published tool schema must not hold (empty: fine). The rules every MCP client we know accepts:
 * an object at the top, no `$schema`/`$ref`, no tuples, no boolean subschemas (`additionalProperties: false`
 * excepted), no `additionalProperties: {}`, no `type` lists. Each problem names its JSON pointer.
 */
export function schemaShapeProblems(schema: unknown, at = ""): string[] {
  const problems: string[] = [];
  if (at === "" && (!isObject(schema) || schema.type !== "object")) problems.push(`/: the top level must be {"type": "object", ...}`);
  const visit = (node: unknown, where: string) => {
    if (typeof node === "boolean") {
      problems.push(`${where}: a boolean subschema (${node})`);
      return;
    }
    if (!isObject(node)) {
      problems.push(`${where}: not a schema object`);
      return;
    }
    for (const key of ["$schema", "$ref", "prefixItems", "additionalItems"]) if (key in node) problems.push(`${where}: uses ${key}`);
    if (Array.isArray(node.type)) problems.push(`${where}: a list of types`);
    if (Array.isArray(node.items)) problems.push(`${where}: a tuple (items as a list)`);
    for (const key of ONE) {
      if (!(key in node)) continue;
      const value = node[key];
      if (key === "additionalProperties" && typeof value === "boolean") continue;
      if (key === "additionalProperties" && isObject(value) && Object.keys(value).length === 0) {
        problems.push(`${where}/additionalProperties: an empty schema {}`);
        continue;
      }
      if (key === "items" && Array.isArray(value)) continue;
      visit(value, `${where}/${key}`);
    }
    for (const key of LIST) {
      if (key in node) {
        const value = node[key];
        if (!Array.isArray(value)) problems.push(`${where}/${key}: not a list`);
        else value.forEach((v, i) => visit(v, `${where}/${key}/${i}`));
      }
    }
    for (const key of MAP) {
      if (key in node && isObject(node[key])) for (const [k, v] of Object.entries(node[key] as Json)) visit(v, `${where}/${key}/${k}`);
    }
  };
  visit(schema, at || "/");
  return problems.map((p) => p.replace(/^\/\//, "/"));
}

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === "object" && value !== null && "_zod" in value;
}

/** Closes a zod object: unknown members are refused unless the author chose a catch-all (`.loose()`, `.catchall()`). */
export function closeObject<T extends z.ZodType>(schema: T): T {
  if (schema instanceof z.ZodObject && schema._zod.def.catchall === undefined) return schema.strict() as unknown as T;
  return schema;
}
