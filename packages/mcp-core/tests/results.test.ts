import { describe, expect, test } from "vitest";
import { bytesAsBase64, envelopeResult, errorResult, imageResult, jsonResult, textResult } from "../src/results/helpers.js";
import { gateResult } from "../src/results/gate.js";

describe("result helpers", () => {
  test("envelopeResult keeps the exact text and sets isError iff ok === false", () => {
    const text = '{"schema":1,"ok":false,"failures":[{"code":"x","message":"é/"}]}';
    expect(envelopeResult(text, JSON.parse(text))).toEqual({ content: [{ type: "text", text }], isError: true, structuredContent: JSON.parse(text) });
    expect(envelopeResult("{}", {}).isError).toBe(false);
    expect(envelopeResult('{"ok":"false"}', { ok: "false" }).isError).toBe(false);
  });

  test("jsonResult mirrors structured content as compact text; non-objects are text only", () => {
    expect(jsonResult({ a: [1, 2] })).toEqual({ content: [{ type: "text", text: '{"a":[1,2]}' }], structuredContent: { a: [1, 2] } });
    expect(jsonResult([1])).toEqual({ content: [{ type: "text", text: "[1]" }] });
    expect(jsonResult({ a: 1 }, { isError: true }).isError).toBe(true);
  });

  test("jsonResult writes bytes as base64, once, and leaves values without bytes as they are", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    const value = { shows: { png, width: 2 }, list: [1, { png }], ids: [1, 2, 3] };
    const r = jsonResult(value);
    const b64 = Buffer.from(png).toString("base64");
    expect(r.structuredContent).toEqual({ shows: { png: b64, width: 2 }, list: [1, { png: b64 }], ids: [1, 2, 3] });
    expect(JSON.parse((r.content[0] as { text: string }).text)).toEqual(r.structuredContent);
    expect(value.shows.png).toBe(png); // the caller's value is not changed
    const plain = { a: [1, { b: 2 }] };
    expect(bytesAsBase64(plain)).toBe(plain);
  });

  test("imageResult: a base64 PNG block and a text block saying what it shows", () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
    const r = imageResult(png, { view: "iso" });
    expect(r.content).toEqual([
      { type: "image", data: Buffer.from(png).toString("base64"), mimeType: "image/png" },
      { type: "text", text: '{"view":"iso"}' },
    ]);
    expect(r.structuredContent).toEqual({ view: "iso" });
    expect(imageResult(png, "a bracket").content[1]).toEqual({ type: "text", text: "a bracket" });
  });

  test("textResult and errorResult", () => {
    expect(textResult("a")).toEqual({ content: [{ type: "text", text: "a" }] });
    expect(textResult("a", { isError: true }).isError).toBe(true);
    expect(errorResult("b")).toEqual({ content: [{ type: "text", text: "b" }], isError: true });
  });
});

describe("gateResult", () => {
  test("drops structuredContent for older eras, keeps it for newer", () => {
    const r = jsonResult({ a: 1 });
    expect(gateResult(r, true)).toBe(r);
    expect(gateResult(r, false)).toEqual({ content: r.content });
  });
  test("a value that is not a result becomes an error result", () => {
    expect(gateResult(undefined, true).isError).toBe(true);
    expect(gateResult({ content: "x" }, true).isError).toBe(true);
  });
});
