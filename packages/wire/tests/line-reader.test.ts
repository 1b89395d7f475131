import { describe, expect, test } from "vitest";
import { LineReader, type LineEvent } from "../src/lines/line-reader.js";
import { decodeUtf8Line } from "../src/lines/decode.js";

function feed(max: number, chunks: Array<string | Buffer>, end = true): Array<string | { tooLarge: number }> {
  const reader = new LineReader(max);
  const out: Array<string | { tooLarge: number }> = [];
  const emit = (e: LineEvent): void => {
    out.push(e.kind === "line" ? e.bytes.toString("utf8") : { tooLarge: e.bytes });
  };
  for (const c of chunks) reader.push(typeof c === "string" ? Buffer.from(c) : c, emit);
  if (end) reader.end(emit);
  return out;
}

describe("LineReader", () => {
  test("splits lines across and within chunks; a final line without newline counts at the end", () => {
    expect(feed(100, ["a\nb", "c\n", "\n", "d"])).toEqual(["a", "bc", "", "d"]);
    expect(feed(100, ["a\nb"], false)).toEqual(["a"]);
    expect(feed(100, ["a\n"])).toEqual(["a"]);
  });

  test("a line of exactly the limit passes; one byte more is reported too large, once, at its end", () => {
    expect(feed(5, ["12345\n"])).toEqual(["12345"]);
    expect(feed(5, ["123456\nok\n"])).toEqual([{ tooLarge: 6 }, "ok"]);
    expect(feed(5, ["123", "456", "789", "\nok\n"])).toEqual([{ tooLarge: 9 }, "ok"]);
    expect(feed(5, ["1234567"])).toEqual([{ tooLarge: 7 }]);
  });

  test("an over-long line of 64 MB streams through a 1 KiB reader and is reported with its full length", () => {
    const reader = new LineReader(1024);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const events: LineEvent[] = [];
    for (let i = 0; i < 1000; i++) reader.push(chunk, (e) => events.push(e));
    expect(events).toEqual([]);
    reader.push(Buffer.from("\nnext\n"), (e) => events.push(e));
    expect(events.map((e) => (e.kind === "line" ? e.bytes.toString() : e.bytes))).toEqual([64 * 1024 * 1000, "next"]);
  });

  test("lines are views of the chunk when they fit in one (no copy)", () => {
    const chunk = Buffer.from("abc\ndef\n");
    const seen: Buffer[] = [];
    new LineReader(100).push(chunk, (e) => e.kind === "line" && seen.push(e.bytes));
    expect(seen[0]!.buffer).toBe(chunk.buffer);
  });
});

describe("decodeUtf8Line", () => {
  test("valid UTF-8 decodes; invalid bytes are refused instead of replaced", () => {
    expect(decodeUtf8Line(Buffer.from("héllo ✓ 😀"))).toBe("héllo ✓ 😀");
    for (const bad of [[0xff], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]) {
      expect(decodeUtf8Line(Buffer.from([0x61, ...bad, 0x62]))).toBeUndefined();
    }
  });
});

describe("LineReader.discarding", () => {
  test("says as soon as a line crosses the limit, for readers that close instead of waiting for its end", () => {
    const reader = new LineReader(10);
    const events: LineEvent[] = [];
    reader.push(Buffer.from("x".repeat(8)), (e) => events.push(e));
    expect(reader.discarding).toBeNull();
    reader.push(Buffer.from("x".repeat(8)), (e) => events.push(e));
    expect(reader.discarding).toBe(16);
    expect(events).toEqual([]);
    reader.push(Buffer.from("xx\nok\n"), (e) => events.push(e));
    expect(reader.discarding).toBeNull();
    expect(events.map((e) => (e.kind === "line" ? e.bytes.toString() : e))).toEqual([{ kind: "too-large", bytes: 18 }, "ok"]);
  });
});
