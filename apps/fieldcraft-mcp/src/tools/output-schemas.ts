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

/** A success schema, or the failure every tool may answer instead. */
export function orFailure(success: Json): JsonSchemaObject {
  return { type: "object", anyOf: [success, FAILURE] };
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
