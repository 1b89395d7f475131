// Questions the tool table asks the engine's catalogue, so tool schemas list exactly what the engine can do.
import type { CommandInfo } from "../backend/types.js";

type JsonSchema = Record<string, unknown>;

export class CatalogueView {
  private readonly byId: Map<string, CommandInfo>;

  constructor(readonly commands: readonly CommandInfo[]) {
    this.byId = new Map(commands.map((info) => [info.id, info]));
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): CommandInfo | undefined {
    return this.byId.get(id);
  }

  /** The names from a route table whose command the engine has, in the table's order. */
  available<T extends { command: string }>(routes: Readonly<Record<string, T>>): string[] {
    return Object.entries(routes)
      .filter(([, route]) => this.has(route.command))
      .map(([name]) => name);
  }

  /** The allowed values of one top-level parameter of a command, when its schema enumerates them. */
  enumOf(id: string, param: string): string[] {
    const info = this.byId.get(id);
    if (info === undefined) return [];
    const values = new Set<string>();
    for (const variant of objectVariants(info.schema)) {
      const property = (variant.properties as Record<string, JsonSchema> | undefined)?.[param];
      if (property !== undefined) for (const value of enumValues(property)) values.add(value);
    }
    return [...values];
  }

  /** Whether a command's schema names this top-level parameter. */
  accepts(id: string, param: string): boolean {
    const info = this.byId.get(id);
    if (info === undefined) return false;
    return objectVariants(info.schema).some((variant) => param in ((variant.properties as JsonSchema | undefined) ?? {}));
  }
}

function objectVariants(schema: JsonSchema): JsonSchema[] {
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return variants ?? [schema];
}

/** String values of an enum, a const, or a union of those (how zod writes z.enum and z.literal unions). */
export function enumValues(schema: JsonSchema): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string => typeof v === "string");
  if (typeof schema.const === "string") return [schema.const];
  const variants = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return variants ? variants.flatMap(enumValues) : [];
}
