import { describe, expect, test } from "vitest";
import { z } from "zod";
import { tool } from "../src/tools/tool.js";
import { zodToJsonSchema } from "../src/tools/json-schema.js";
import { textResult } from "../src/results/helpers.js";

const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

const mesh = tool({
  name: "mesh",
  description: "Meshes a body.",
  input: z.object({
    method: z.enum(["tet", "hex"]),
    size: z.number().positive().optional(),
    params: z.strictObject({ body: z.string() }).optional(), // nested objects are closed by their author
    tags: z.array(z.string()).optional(),
  }),
  annotations: hints,
  run: () => textResult("ok"),
});

const messageFor = (raw: Record<string, unknown>): string => {
  const v = mesh.validate(raw);
  if (v.ok) throw new Error("expected a refusal");
  return v.message;
};

describe("zod → JSON Schema", () => {
  test("the top-level object is closed by default; the schema is published without $schema", () => {
    expect(mesh.inputSchema).toEqual({
      type: "object",
      properties: {
        method: { type: "string", enum: ["tet", "hex"] },
        size: { type: "number", exclusiveMinimum: 0 },
        params: { type: "object", properties: { body: { type: "string" } }, required: ["body"], additionalProperties: false },
        tags: { type: "array", items: { type: "string" } },
      },
      required: ["method"],
      additionalProperties: false,
    });
  });

  test("a loose object stays open; defaults make members optional on input", () => {
    const open = tool({ name: "open", description: "d", input: z.object({ a: z.string().default("x") }).loose(), annotations: hints, run: () => textResult("") });
    // Open, said without an empty subschema (`{}`), which some clients refuse.
    expect(open.inputSchema.additionalProperties).toBe(true);
    expect(open.inputSchema.required).toBeUndefined();
    expect(open.validate({ b: 1 })).toEqual({ ok: true, value: { a: "x", b: 1 } });
  });

  test("a non-object schema is refused at declaration", () => {
    expect(() => zodToJsonSchema(z.string(), "input")).toThrow(/object/);
  });

  test("an outputSchema given as zod is converted; a JSON one is published verbatim", () => {
    const a = tool({ name: "a", description: "d", input: z.object({}), outputSchema: z.object({ n: z.number() }), annotations: hints, run: () => textResult("") });
    expect(a.outputSchema).toEqual({ type: "object", properties: { n: { type: "number" } }, required: ["n"], additionalProperties: false });
    const pinned = { type: "object", properties: { ok: { type: "boolean" } } } as const;
    const b = tool({ name: "b", description: "d", input: z.object({}), outputSchema: pinned, annotations: hints, run: () => textResult("") });
    expect(b.outputSchema).toBe(pinned);
  });
});

describe("argument errors name the argument", () => {
  test("outside an enum", () => {
    expect(messageFor({ method: "quad" })).toBe('method: must be one of "tet", "hex" (got "quad")');
  });
  test("missing", () => {
    expect(messageFor({})).toBe('method: missing (one of "tet", "hex")');
    expect(messageFor({ method: "tet", params: {} })).toBe("params.body: missing (expected a string)");
  });
  test("unknown", () => {
    expect(messageFor({ method: "tet", colour: "red" })).toBe("arguments: unknown argument `colour`");
    expect(messageFor({ method: "tet", params: { body: "b", x: 1, y: 2 } })).toBe("params: unknown arguments `x`, `y`");
  });
  test("wrong type", () => {
    expect(messageFor({ method: "tet", size: "big" })).toBe('size: must be a number (got the string "big")');
    expect(messageFor({ method: "tet", tags: ["a", 3] })).toBe("tags[1]: must be a string (got the number 3)");
    expect(messageFor({ method: "tet", params: [] })).toBe("params: must be an object (got an array)");
  });
  test("other constraints say the bound and the value", () => {
    expect(messageFor({ method: "tet", size: -1 })).toBe("size: must be greater than 0 (got -1)");
  });
  test("several problems are all named", () => {
    expect(messageFor({ method: "quad", size: "x" }).split("; ")).toHaveLength(2);
  });
});

describe("declaring a tool", () => {
  test("refuses a bad name, a missing hint, and a validator without a schema", () => {
    const base = { description: "d", input: z.object({}), annotations: hints, run: () => textResult("") };
    expect(() => tool({ ...base, name: "has space" })).toThrow(/name/);
    expect(() => tool({ ...base, name: "x", annotations: { ...hints, openWorldHint: undefined } as never })).toThrow(/openWorldHint/);
    expect(() => tool({ name: "x", description: "d", validate: () => ({ ok: true, value: {} }), annotations: hints, run: () => textResult("") })).toThrow(/inputSchema/);
  });

  test("a custom validator replaces zod and the pinned schema is published as given", () => {
    const schema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] } as const;
    const row = tool<{ n: number }>({
      name: "custom",
      description: "d",
      inputSchema: schema,
      validate: (raw) => (Number.isInteger(raw.n) ? { ok: true, value: { n: raw.n as number } } : { ok: false, message: "n must be a whole number" }),
      annotations: hints,
      run: (args) => textResult(String(args.n)),
    });
    expect(row.inputSchema).toBe(schema);
    expect(row.validate({ n: 1.5 })).toEqual({ ok: false, message: "n must be a whole number" });
    expect(row.validate({ n: 2 })).toEqual({ ok: true, value: { n: 2 } });
  });
});
