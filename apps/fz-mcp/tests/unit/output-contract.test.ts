import { describe, expect, test } from "vitest";
import { catalogueEnvelope } from "../../src/catalogue/catalogue.js";
import { argumentInvalid, fzNoJson, fzTimeout, fzUnavailable } from "../../src/envelope/synthesize.js";
import { breachResult, contractBreach, UNDERSTOOD_KEYWORDS, type SchemaNode } from "../../src/tools/output-contract.js";
import { OUTPUT_SCHEMA } from "../../src/tools/schemas.js";

function keywordsOf(node: SchemaNode): string[] {
  return [
    ...Object.keys(node),
    ...Object.values(node.properties ?? {}).flatMap(keywordsOf),
    ...(node.items === undefined ? [] : keywordsOf(node.items)),
  ];
}

describe("contractBreach against the published output schema", () => {
  test("the schema uses only keywords the check understands, so the check is the whole contract", () => {
    for (const keyword of keywordsOf(OUTPUT_SCHEMA)) expect(UNDERSTOOD_KEYWORDS.has(keyword), keyword).toBe(true);
  });

  test.each([
    ["a minimal envelope", { schema: 1, ok: true, failures: [] }],
    ["extra members anywhere", { schema: 1, ok: false, failures: [{ code: "c", message: "m", hint: 1 }], plan: "abc" }],
    ["keys missing (the schema requires none)", { argv: "x" }],
    ["a failure without a message", { schema: 1, ok: false, failures: [{ code: "c" }] }],
  ])("keeps: %s", (_name, value) => {
    expect(contractBreach(OUTPUT_SCHEMA, value)).toBeUndefined();
  });

  test.each([
    ["an array", [], "envelope should be an object, got []"],
    ["schema a string", { schema: "1", ok: true, failures: [] }, 'envelope.schema should be an integer, got "1"'],
    ["schema 1.5", { schema: 1.5, ok: true, failures: [] }, "envelope.schema should be an integer, got 1.5"],
    ["ok null", { schema: 1, ok: null, failures: [] }, "envelope.ok should be a boolean, got null"],
    ["failures an object", { schema: 1, ok: true, failures: {} }, "envelope.failures should be an array, got {}"],
    ["a failure a string", { schema: 1, ok: false, failures: ["x"] }, 'envelope.failures[0] should be an object, got "x"'],
    ["a failure's code a number", { schema: 1, ok: false, failures: [{ code: 1, message: "m" }] }, "envelope.failures[0].code should be a string, got 1"],
    ["the second failure's message a number", { schema: 1, ok: false, failures: [{ code: "a", message: "m" }, { code: "b", message: 2 }] }, "envelope.failures[1].message should be a string, got 2"],
  ])("breaks: %s", (_name, value, says) => {
    expect(contractBreach(OUTPUT_SCHEMA, value)).toBe(says);
  });

  test("every envelope fz-mcp writes itself keeps the contract", () => {
    for (const envelope of [
      catalogueEnvelope(),
      argumentInvalid("manifest: expected a string"),
      fzUnavailable("spawn fz ENOENT"),
      fzTimeout(600n, ["fz"]),
      fzNoJson(2, "not json", "error: boom"),
      fzNoJson(null, "", ""),
    ]) {
      expect(contractBreach(OUTPUT_SCHEMA, envelope)).toBeUndefined();
    }
  });

  test("a breach becomes fz's text and a note naming it, no structuredContent, isError exactly ok === false", () => {
    for (const [line, isError] of [['{"ok":"yes"}', false], ['{"ok":false,"failures":{}}', true]] as const) {
      const result = breachResult(line, JSON.parse(line), "the breach");
      expect(result).toEqual({ content: [{ type: "text", text: line }, { type: "text", text: expect.stringContaining("(the breach)") }], isError });
    }
  });
});
