import { describe, expect, test } from "vitest";
import { excerpt } from "../../src/envelope/excerpt.js";
import { extractEnvelope } from "../../src/envelope/extract.js";
import { fzNoJson, fzTimeout } from "../../src/envelope/synthesize.js";

describe("extractEnvelope (spec §4.7)", () => {
  const found: Array<[string, string, string]> = [
    ["one line", '{"schema":1,"ok":true,"failures":[]}\n', '{"schema":1,"ok":true,"failures":[]}'],
    ["CRLF", '{"ok":true}\r\n', '{"ok":true}'],
    ["trailing blank lines", '{"ok":true}\n\n  \n', '{"ok":true}'],
    ["prose before", 'Compiling…\nwarning: x\n{"ok":false}\n', '{"ok":false}'],
    ["leading whitespace kept", '  {"ok":true}  \n', '  {"ok":true}'],
    ["key order and spacing kept", '{"z":1, "a" : 2}', '{"z":1, "a" : 2}'],
    ["no trailing newline", '{"ok":true}', '{"ok":true}'],
  ];
  test.each(found)("%s", (_name, stdout, text) => {
    expect(extractEnvelope(stdout)?.text).toBe(text);
  });

  const none: Array<[string, string]> = [
    ["empty", ""],
    ["whitespace", " \n\t\n"],
    ["prose", "Usage: fz add\n"],
    ["array", "[1]\n"],
    ["string", '"x"\n'],
    ["number", "42\n"],
    ["true", "true\n"],
    ["null", "null\n"],
    ["object then prose", '{"ok":true}\ndone\n'],
    ["truncated object", '{"ok":tr\n'],
  ];
  test.each(none)("no JSON: %s", (_name, stdout) => {
    expect(extractEnvelope(stdout)).toBeUndefined();
  });
});

describe("excerpt (spec §4.8)", () => {
  test("at most 500 code points, counted as code points, with an ellipsis when cut", () => {
    expect(excerpt("  short \n")).toBe("short");
    expect(excerpt("a".repeat(500))).toBe("a".repeat(500));
    expect(excerpt("a".repeat(501))).toBe(`${"a".repeat(500)}…`);
    // 600 astral characters are 1200 UTF-16 units; the cut is at 500 characters, none split.
    const cut = excerpt("😀".repeat(600));
    expect(Array.from(cut)).toHaveLength(501);
    expect(cut.endsWith("😀…")).toBe(true);
  });
});

describe("synthesised envelopes", () => {
  test("no-json prefers stderr, names the status", () => {
    const envelope = fzNoJson(2, "ignored", "error: unexpected argument '--bogus' found\n\nUsage: fz add [OPTIONS] [MODULE]\n");
    expect(JSON.stringify(envelope)).toBe(
      JSON.stringify({
        schema: 1,
        ok: false,
        failures: [
          {
            code: "mcp-fz-no-json",
            message:
              "fz produced no JSON object on stdout (exit code 2); stderr excerpt: error: unexpected argument '--bogus' found\n\nUsage: fz add [OPTIONS] [MODULE]",
          },
        ],
      }),
    );
  });

  test("no-json falls back to stdout when stderr is blank, and names a signal", () => {
    const message = fzNoJson(null, "Planned.\n", " \n").failures[0].message;
    expect(message).toBe("fz produced no JSON object on stdout (no exit code; terminated by a signal); stdout excerpt: Planned.");
  });

  test("timeout names the configured command and the limit", () => {
    expect(fzTimeout(1n, ["/x/stub", "lead"]).failures[0]).toEqual({
      code: "mcp-fz-timeout",
      message: "fz did not finish within 1s and was killed: `/x/stub lead`",
    });
  });
});
