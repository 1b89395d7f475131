// Tools' output schemas, composed from the result schemas the engine's catalogue declares (CommandInfo.result),
// so what a tool promises is exactly what its commands answer. Pure functions of the catalogue; mcp-core makes
// them client-safe (no tuples, no boolean subschemas) when the row is declared.
import type { JsonSchemaObject } from "@mcp-wrappers/mcp-core";
import type { CatalogueView } from "./catalogue-view.js";

type Json = Record<string, unknown>;

/** Any JSON object: what a tool promises when the command it runs is not in the catalogue. */
export const ANY_OBJECT: JsonSchemaObject = { type: "object" };

/** An engine failure as tools report it (`isError: true`): the engine's message, and its details. */
export const FAILURE: JsonSchemaObject = {
  type: "object",
  properties: {
    ok: { const: false },
    error: { type: "string", description: "What went wrong and what to fix" },
    details: { type: "object", description: "The failure as data (missing requirements, parameter issues, ...)" },
  },
  required: ["ok", "error"],
};

/**
 * How deep a tool's outputSchema follows its commands' declared results. The full result schemas made `tools/list`
 * 231 KB (`execute` alone 98 KB) and slow to load in clients; a tool's contract is the shape of its reply's top two
 * levels, exact there (types, required, closed objects), and `list_commands` gives every command's full result
 * schema for what lies deeper. Every reply still validates: an outline accepts all that the full schema accepts.
 */
export const CONTRACT_DEPTH = 2;

const UNION_KEYS = ["anyOf", "oneOf", "allOf"] as const;

/** A schema followed `depth` levels of properties or items deep; below that an object or array is just its type. */
export function outline(schema: Json, depth: number, top = true): Json {
  const nested = schema.properties !== undefined || schema.items !== undefined || UNION_KEYS.some((k) => schema[k] !== undefined);
  if (depth <= 0 && nested) {
    // Cut to its JSON types (a union's, gathered), so it still says what the value is; kept whole when they are unknown.
    const types = typesOf(schema);
    if (types === null) return schema;
    return types.length === 1 ? { type: types[0] } : { anyOf: types.map((type) => ({ type })) };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!top && (key === "description" || key === "title" || key === "examples")) continue;
    if (key === "properties") out.properties = Object.fromEntries(Object.entries(value as Record<string, Json>).map(([name, sub]) => [name, outline(sub, depth - 1, false)]));
    else if (key === "items") out.items = Array.isArray(value) ? value.map((sub: Json) => outline(sub, depth - 1, false)) : outline(value as Json, depth - 1, false);
    else if ((UNION_KEYS as readonly string[]).includes(key)) out[key] = distinct((value as Json[]).map((sub) => outline(sub, depth, top)));
    // zod's integers carry the safe-integer bounds, which say nothing a client needs.
    else if ((key === "maximum" && value === Number.MAX_SAFE_INTEGER) || (key === "minimum" && value === Number.MIN_SAFE_INTEGER)) continue;
    else out[key] = value;
  }
  return out;
}

/** The JSON types a schema admits (a union's, gathered), or null when it does not say. */
function typesOf(schema: Json): string[] | null {
  if (typeof schema.type === "string") return [schema.type];
  const union = UNION_KEYS.map((k) => schema[k] as Json[] | undefined).find((branches) => branches !== undefined);
  if (union === undefined) return null;
  const found = new Set<string>();
  for (const branch of union) {
    const types = typesOf(branch);
    if (types === null) return null;
    for (const t of types) found.add(t);
  }
  return [...found];
}

/** Union branches that outline alike (several mesh commands answer `{mesh, results_cleared}`), kept once. */
function distinct(branches: Json[]): Json[] {
  const seen = new Set<string>();
  return branches.filter((b) => {
    const key = JSON.stringify(b);
    return !seen.has(key) && Boolean(seen.add(key));
  });
}

/** A success schema (outlined to the contract's depth), or the failure every tool may answer instead. */
export function orFailure(success: Json): JsonSchemaObject {
  return outline({ type: "object", anyOf: [success, FAILURE] }, CONTRACT_DEPTH) as JsonSchemaObject;
}

/** The declared result of a command, as an object schema (a non-object result is wrapped as `{result}`). */
export function resultOf(catalogue: CatalogueView, id: string): Json {
  const declared = catalogue.get(id)?.result;
  if (declared === undefined) return ANY_OBJECT;
  return declared.type === "object" ? declared : objectOf({ result: declared }, ["result"]);
}

/** The results of several commands (one of them answers). */
export function oneResultOf(catalogue: CatalogueView, ids: readonly string[]): Json {
  const present = [...new Set(ids)].filter((id) => catalogue.has(id));
  if (present.length === 0) return ANY_OBJECT;
  if (present.length === 1) return resultOf(catalogue, present[0]);
  return { type: "object", anyOf: present.map((id) => resultOf(catalogue, id)) };
}

/** One property of a command's declared result (`ui.camera` → its `camera`), or anything when not declared. */
export function propertyOf(catalogue: CatalogueView, id: string, name: string): Json {
  const properties = resultOf(catalogue, id).properties as Record<string, Json> | undefined;
  return properties?.[name] ?? {};
}

/** A command's declared result without some of its properties (a picture's result without its `png`). */
export function resultWithout(catalogue: CatalogueView, id: string, drop: readonly string[]): Json {
  const { required: listed, ...declared } = resultOf(catalogue, id);
  const properties = { ...((declared.properties as Json | undefined) ?? {}) };
  for (const name of drop) delete properties[name];
  const required = ((listed as string[] | undefined) ?? []).filter((name) => !drop.includes(name));
  return { ...declared, properties, ...(required.length > 0 ? { required } : {}) };
}

/** A command's declared result with more (optional) properties. */
export function resultWith(catalogue: CatalogueView, id: string, extra: Record<string, Json>): Json {
  const declared = resultOf(catalogue, id);
  if (declared === ANY_OBJECT) return ANY_OBJECT;
  return { ...declared, properties: { ...((declared.properties as Json | undefined) ?? {}), ...extra } };
}

/** A closed object of the given properties. */
export function objectOf(properties: Record<string, Json>, required: string[] = []): Json {
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}
