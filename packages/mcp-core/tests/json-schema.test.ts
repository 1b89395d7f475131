// The zod → JSON Schema conversion publishes the subset every MCP client compiles alike (the SDK Client's Ajv
// draft-07 core, 2020-12 validators, clients that refuse boolean subschemas), checked against Ajv itself.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { clientSafeSchema, schemaShapeProblems, tool, zodToJsonSchema } from "../src/index.js";

const validator = new AjvJsonSchemaValidator();
const valid = (schema: unknown, value: unknown) => validator.getValidator(schema as never)(value).valid;

describe("zodToJsonSchema", () => {
  const schema = z.object({
    point: z.tuple([z.number(), z.number(), z.number()]),
    pair: z.tuple([z.string(), z.number()]),
    bag: z.record(z.string(), z.unknown()),
    counts: z.record(z.string(), z.number()),
    maybe: z.string().nullable(),
    any: z.unknown(),
    nested: z.object({ list: z.array(z.tuple([z.number(), z.number()])) }),
  });

  for (const io of ["input", "output"] as const) {
    it(`turns tuples into sized arrays and drops empty additionalProperties (${io})`, () => {
      const json = zodToJsonSchema(schema, io);
      expect(schemaShapeProblems(json)).toEqual([]);
      const props = json.properties as Record<string, Record<string, unknown>>;
      expect(props.point).toEqual({ type: "array", items: { type: "number" }, minItems: 3, maxItems: 3 });
      expect(props.pair).toMatchObject({ type: "array", items: { anyOf: [{ type: "string" }, { type: "number" }] }, minItems: 2, maxItems: 2 });
      expect(props.bag.additionalProperties).toBe(true);
      expect(props.counts).toMatchObject({ additionalProperties: { type: "number" } });
      // The SDK Client's own validator accepts what zod accepts and refuses what it refuses.
      const good = { point: [1, 2, 3], pair: ["a", 1], bag: { x: [1] }, counts: { a: 1 }, maybe: null, any: 4, nested: { list: [[1, 2]] } };
      expect(schema.safeParse(good).success).toBe(true);
      expect(valid(json, good)).toBe(true);
      expect(valid(json, { ...good, point: [1, 2] })).toBe(false);
      expect(valid(json, { ...good, point: [1, 2, 3, 4] })).toBe(false);
      expect(valid(json, { ...good, counts: { a: "x" } })).toBe(false);
    });
  }

  it("leaves the raw zod output's tuples failing under draft-07, which is why it rewrites them", () => {
    const raw = z.toJSONSchema(z.object({ p: z.tuple([z.number(), z.number()]) }), { io: "output" }) as Record<string, unknown>;
    delete raw.$schema;
    expect(schemaShapeProblems(raw).join("\n")).toMatch(/prefixItems/);
    expect(valid(raw, { p: [1, 2] })).toBe(false);
    expect(valid(clientSafeSchema(raw), { p: [1, 2] })).toBe(true);
  });

  it("drops vendor keywords (x-...), which Ajv's strict mode refuses, and keeps the rest", () => {
    const given = { type: "object", properties: { f: { type: "number", "x-dimension": "force", description: "A force" } }, additionalProperties: false };
    expect(clientSafeSchema(given)).toEqual({ type: "object", properties: { f: { type: "number", description: "A force" } }, additionalProperties: false });
    expect(valid(clientSafeSchema(given), { f: 3 })).toBe(true);
    expect(valid(clientSafeSchema(given), { f: "3" })).toBe(false);
  });

  it("rewrites boolean subschemas and draft-07 tuples, and names each problem it finds", () => {
    const given = { type: "object", properties: { a: true, b: false, t: { type: "array", items: [{ type: "number" }], additionalItems: false } }, $schema: "x" };
    const safe = clientSafeSchema(given) as Record<string, unknown>;
    expect(safe).toEqual({ type: "object", properties: { a: {}, b: { not: {} }, t: { type: "array", items: { type: "number" }, minItems: 1, maxItems: 1 } } });
    expect(schemaShapeProblems(given)).toEqual(["/: uses $schema", "/properties/a: a boolean subschema (true)", "/properties/b: a boolean subschema (false)", "/properties/t: uses additionalItems", "/properties/t: a tuple (items as a list)"]);
    expect(schemaShapeProblems({ type: ["object", "null"] })).toContain("/: a list of types");
    expect(schemaShapeProblems({ type: "string" })).toContain('/: the top level must be {"type": "object", ...}');
  });

  it("makes a JSON output schema given to tool() client-safe as well (one already so is kept as given)", () => {
    const row = tool({
      name: "t",
      description: "d",
      input: z.object({}),
      outputSchema: { type: "object", properties: { v: { type: "array", prefixItems: [{ type: "number" }], items: false } } },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
      run: () => ({ content: [] }),
    });
    expect(row.outputSchema).toEqual({ type: "object", properties: { v: { type: "array", items: { type: "number" }, minItems: 1, maxItems: 1 } } });
  });
});
