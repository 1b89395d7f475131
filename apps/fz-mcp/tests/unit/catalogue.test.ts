import { describe, expect, test } from "vitest";
import { CATALOGUE, catalogueEnvelope } from "../../src/catalogue/catalogue.js";
import { FZ_CODES } from "../../src/catalogue/fz-codes.js";
import { MCP_CODE_LIST } from "../../src/catalogue/mcp-codes.js";
import { contractCodes, expectedCodes, specCodes } from "../support/fixtures.js";

// The spec's data, read independently of the package's copy (absent in a clone without shared/,
// where the tests' contract copy of it stands in).
const spec = specCodes();
const expected = expectedCodes();
const withSpec = test.runIf(spec !== undefined);

const KEBAB = /^[a-z]+(-[a-z]+)*$/;

describe("the catalogue", () => {
  withSpec("the tests' contract copy is the spec's data, so a clone without the spec checks the same thing", () => {
    expect(contractCodes()).toEqual(spec);
  });

  test("fz codes are the spec's registry", () => {
    expect(FZ_CODES).toEqual(expected.fz);
  });

  test("fz codes are in registry order (sorted by code)", () => {
    const codes = FZ_CODES.map((entry) => entry.code);
    expect(codes).toEqual([...codes].sort());
  });

  test("the four wrapper codes match the spec", () => {
    expect(MCP_CODE_LIST).toEqual(expected.mcp);
  });

  test("the four wrapper codes follow the fz codes", () => {
    expect(CATALOGUE.slice(-4).map((entry) => entry.source)).toEqual(["mcp", "mcp", "mcp", "mcp"]);
    expect(CATALOGUE.slice(0, -4).every((entry) => entry.source === "fz")).toBe(true);
  });

  test("codes are unique and kebab-case; no mcp- code collides with an fz code", () => {
    const codes = CATALOGUE.map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(KEBAB);
    for (const entry of FZ_CODES) expect(entry.code.startsWith("mcp-")).toBe(false);
    for (const entry of MCP_CODE_LIST) expect(entry.code.startsWith("mcp-")).toBe(true);
  });

  test("every entry has a title and a description", () => {
    for (const entry of CATALOGUE) {
      expect(entry.title.length).toBeGreaterThan(0);
      expect(entry.description.length).toBeGreaterThan(0);
    }
  });

  test("the envelope has fz's shape with codes last", () => {
    const envelope = catalogueEnvelope();
    expect(Object.keys(envelope)).toEqual(["schema", "ok", "failures", "codes"]);
    expect(Object.keys(envelope.codes[0])).toEqual(["code", "title", "description", "source"]);
    expect(envelope.codes).toHaveLength(FZ_CODES.length + 4);
  });
});
