import { describe, expect, test } from "vitest";
import { z } from "zod";
import { COMMAND_PARAMS, formatIssues, issueLines, MCP_ARGUMENTS, type IssueStyle } from "../src/index.js";

const schema = z.strictObject({
  method: z.enum(["tet", "hex"]),
  size: z.number().min(0).optional(),
  tags: z.array(z.string()).max(2).optional(),
  params: z.strictObject({ body: z.string() }).optional(),
});
const lines = (raw: unknown, style: IssueStyle = MCP_ARGUMENTS) => {
  const r = schema.safeParse(raw);
  if (r.success) throw new Error("accepted");
  return issueLines(r.error.issues, raw, style);
};

describe("one wording for every caller: `where: what to change (got what was sent)`", () => {
  test("enum, missing, unknown keys, wrong types and bounds", () => {
    expect(lines({ method: "quad" })).toEqual(['method: must be one of "tet", "hex" (got "quad")']);
    expect(lines({})).toEqual(['method: missing (one of "tet", "hex")']);
    expect(lines({ method: "tet", params: {} })).toEqual(["params.body: missing (expected a string)"]);
    expect(lines({ method: "tet", colour: "red" })).toEqual(["arguments: unknown argument `colour`"]);
    expect(lines({ method: "tet", params: { body: "b", x: 1, y: 2 } })).toEqual(["params: unknown arguments `x`, `y`"]);
    expect(lines({ method: "tet", size: "big" })).toEqual(['size: must be a number (got the string "big")']);
    expect(lines({ method: "tet", tags: ["a", 3] })).toEqual(["tags[1]: must be a string (got the number 3)"]);
    expect(lines({ method: "tet", size: -1 })).toEqual(["size: must be at least 0 (got -1)"]);
    expect(lines({ method: "tet", tags: ["a", "b", "c"] })).toEqual(['tags: must have at most 2 items (got ["a","b","c"])']);
  });

  test("the style only names the root and the noun", () => {
    expect(lines({ method: "tet", colour: "red" }, COMMAND_PARAMS)).toEqual(["params: unknown parameter `colour`"]);
    expect(lines({ method: "quad" }, COMMAND_PARAMS)).toEqual(['params.method: must be one of "tet", "hex" (got "quad")']);
  });

  test("named items are labelled, author-written messages are kept", () => {
    const design = z.object({ bodies: z.array(z.object({ name: z.string(), size: z.number().refine((n) => n > 0, "must be positive") })) });
    const raw = { bodies: [{ name: "Plate", size: -2 }] };
    const r = design.safeParse(raw);
    expect(r.success).toBe(false);
    expect(issueLines(r.error!.issues, raw, { root: "design", noun: "field", labelItems: true })).toEqual(['bodies[0] ("Plate").size: must be positive']);
  });

  test("a union reports its literal options, or the closest option's own problems", () => {
    const u = z.strictObject({ v: z.union([z.literal(1), z.literal(2)]), w: z.union([z.strictObject({ a: z.number() }), z.strictObject({ b: z.string() })]).optional() });
    const r1 = u.safeParse({ v: 3 });
    expect(issueLines(r1.error!.issues, { v: 3 }, MCP_ARGUMENTS)).toEqual(["v: must be one of 1, 2 (got 3)"]);
    const raw = { v: 1, w: { b: 5 } };
    const r2 = u.safeParse(raw);
    expect(issueLines(r2.error!.issues, raw, MCP_ARGUMENTS)).toEqual(["w.b: must be a string (got the number 5)"]);
  });

  test("many problems are cut to a count; a huge value is cut in the message", () => {
    const many = z.array(z.string());
    const raw = Array.from({ length: 20 }, (_, i) => i);
    const text = formatIssues(many.safeParse(raw).error!.issues, raw, MCP_ARGUMENTS, 3);
    expect(text.split("; ")).toHaveLength(4);
    expect(text).toMatch(/… \(20 problems\)$/);
    const big = { method: "x".repeat(10_000) };
    expect(lines(big)[0]!.length).toBeLessThan(200);
  });
});

test("without the input at hand nothing is called missing or quoted", async () => {
  const { INPUT_UNSEEN } = await import("../src/index.js");
  const r = schema.safeParse({ method: "tet", size: "big" });
  expect(issueLines(r.error!.issues, INPUT_UNSEEN, COMMAND_PARAMS)).toEqual(["params.size: must be a number"]);
});
