// CommandInfo for hosts: each row's zod schema as JSON Schema, flattened into one line per parameter.
import { z } from "zod";
import type { CommandInfo } from "../base/contracts.js";
import type { AnyCommandRow } from "./types.js";

type JsonSchema = Record<string, unknown>;

function typeName(s: JsonSchema): string {
  if (typeof s.type === "string") {
    if (s.type === "array") {
      const items = s.items as JsonSchema | undefined;
      if (Array.isArray(s.prefixItems)) return `[${(s.prefixItems as JsonSchema[]).map(typeName).join(", ")}]`;
      return items ? `${typeName(items)}[]` : "array";
    }
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
    return s.type;
  }
  const variants = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (variants) return [...new Set(variants.map(typeName))].join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return (s.enum as unknown[]).map((v) => JSON.stringify(v)).join(" | ");
  return "any";
}

/** Top-level objects: the object itself, or each variant of a oneOf (a discriminated union). */
function objectVariants(schema: JsonSchema): JsonSchema[] {
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return variants ?? [schema];
}

function paramLines(schema: JsonSchema): CommandInfo["params"] {
  const variants = objectVariants(schema);
  const names = new Map<string, { schemas: JsonSchema[]; requiredIn: number }>();
  for (const v of variants) {
    const props = (v.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((v.required as string[] | undefined) ?? []);
    for (const [name, s] of Object.entries(props)) {
      const entry = names.get(name) ?? { schemas: [], requiredIn: 0 };
      entry.schemas.push(s);
      if (required.has(name)) entry.requiredIn++;
      names.set(name, entry);
    }
  }
  return [...names].map(([name, { schemas, requiredIn }]) => {
    const first = schemas[0];
    const description = [...new Set(schemas.map((s) => s.description as string | undefined).filter(Boolean))].join(" / ");
    const line: CommandInfo["params"][number] = {
      name,
      type: [...new Set(schemas.map(typeName))].join(" | "),
      required: requiredIn === variants.length,
      description,
    };
    if (typeof first["x-dimension"] === "string") line.dimension = first["x-dimension"] as string;
    if (first.default !== undefined) line.default = first.default;
    return line;
  });
}

export function commandSchema(row: AnyCommandRow): JsonSchema {
  const schema = z.toJSONSchema(row.params, { io: "input", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

/**
 * JSON Schema of a command's result in its JSON form (zod's output side: objects closed, defaults present).
 * Bytes are declared as base64 strings: that is what they become where the result leaves the process.
 */
export function commandResultSchema(row: AnyCommandRow): JsonSchema {
  const schema = z.toJSONSchema(row.result, { io: "output", unrepresentable: "any" }) as JsonSchema;
  delete schema.$schema;
  return schema;
}

const infoCache = new WeakMap<AnyCommandRow, CommandInfo>();

export function commandInfo(row: AnyCommandRow): CommandInfo {
  const hit = infoCache.get(row);
  if (hit) return hit;
  const schema = commandSchema(row);
  const info: CommandInfo = {
    id: row.id,
    label: row.label,
    description: row.description,
    params: paramLines(schema),
    schema: { description: row.description, ...schema },
    result: commandResultSchema(row),
    requires: [...row.requires],
    effects: { ...row.effects },
  };
  infoCache.set(row, info);
  return info;
}
