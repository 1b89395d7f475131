// fz's pinned schemas keep to the shape every MCP client compiles (mcp-core's rules), and the SDK Client's
// own validator compiles them and accepts the envelopes fz prints.
import { describe, expect, test } from "vitest";
import { schemaShapeProblems } from "@mcp-wrappers/mcp-core";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { TOOL_ROWS } from "../../src/tools/rows.js";
import { inputSchema, OUTPUT_SCHEMA } from "../../src/tools/schemas.js";

describe("fz-mcp tool schemas", () => {
  test.each(TOOL_ROWS.map((row) => [row.name, row] as const))("%s: input and output schemas have the client-safe shape", (_name, row) => {
    expect(schemaShapeProblems(inputSchema(row))).toEqual([]);
    expect(schemaShapeProblems(OUTPUT_SCHEMA)).toEqual([]);
  });

  test("the SDK Client's validator compiles the output schema and checks envelopes with it", () => {
    const validate = new AjvJsonSchemaValidator().getValidator(OUTPUT_SCHEMA as never);
    expect(validate({ schema: 1, ok: true, failures: [], extra: { any: "verb key" } }).valid).toBe(true);
    // Missing keys pass (nothing is required, so fz's object stays its structured answer); wrong types do not.
    expect(validate({ argv: "x" }).valid).toBe(true);
    expect(validate({ schema: 1, ok: false, failures: [{ code: "x" }] }).valid).toBe(true);
    expect(validate({ schema: 1, ok: "false", failures: [] }).valid).toBe(false);
    expect(validate({ schema: 1, ok: false, failures: [{ code: 1, message: "m" }] }).valid).toBe(false);
  });
});
