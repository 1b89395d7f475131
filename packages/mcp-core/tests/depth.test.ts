import { describe, expect, test } from "vitest";
import { exceedsDepth } from "../src/jsonrpc/depth.js";

const bytes = (text: string): Buffer => Buffer.from(text, "utf8");
const nested = (n: number, open = "[", close = "]"): string => open.repeat(n) + close.repeat(n);

describe("exceedsDepth (a linear scan, no recursion)", () => {
  test("128 levels pass, 129 fail, for arrays, objects and mixes", () => {
    expect(exceedsDepth(bytes(nested(128)), 128)).toBe(false);
    expect(exceedsDepth(bytes(nested(129)), 128)).toBe(true);
    const objects = (n: number): string => '{"a":'.repeat(n - 1) + "{}" + "}".repeat(n - 1);
    expect(exceedsDepth(bytes(objects(128)), 128)).toBe(false);
    expect(exceedsDepth(bytes(objects(129)), 128)).toBe(true);
    const mixed = '{"a":[' .repeat(64) + "1" + "]}".repeat(64); // 128 levels
    expect(exceedsDepth(bytes(mixed), 128)).toBe(false);
    expect(exceedsDepth(bytes("[" + mixed + "]"), 128)).toBe(true);
  });

  test("siblings do not add up: depth is the deepest path, not the bracket count", () => {
    const wide = "[" + Array.from({ length: 1000 }, () => nested(100)).join(",") + "]";
    expect(exceedsDepth(bytes(wide), 128)).toBe(false);
  });

  test("brackets inside strings are ignored, escaped quotes do not end a string", () => {
    expect(exceedsDepth(bytes(JSON.stringify({ s: nested(500) })), 128)).toBe(false);
    expect(exceedsDepth(bytes(JSON.stringify({ s: '\\"' + "[".repeat(500) })), 128)).toBe(false);
    expect(exceedsDepth(bytes(JSON.stringify({ s: "a\\" }) + nested(129)), 128)).toBe(true);
  });

  test("multi-byte UTF-8 text does not confuse the scan", () => {
    expect(exceedsDepth(bytes(JSON.stringify({ "ключ": "значение ✓ 😀", a: [[["é"]]] })), 3)).toBe(true);
    expect(exceedsDepth(bytes(JSON.stringify({ "ключ": "значение ✓ 😀", a: [["é"]] })), 3)).toBe(false);
  });

  test("a million open brackets is answered without a stack overflow", () => {
    expect(exceedsDepth(bytes("[".repeat(1_000_000)), 128)).toBe(true);
  });

  test("agrees with JSON.parse on random nesting", () => {
    // An independent depth: the parsed value's height, measured iteratively.
    const height = (value: unknown): number => {
      let max = 0;
      const stack: Array<[unknown, number]> = [[value, 1]];
      while (stack.length > 0) {
        const [v, d] = stack.pop()!;
        if (typeof v !== "object" || v === null) continue;
        max = Math.max(max, d);
        for (const child of Object.values(v)) stack.push([child, d + 1]);
      }
      return max;
    };
    let seed = 7;
    const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const build = (d: number): unknown => (d === 0 ? "x]{" : rand() < 0.5 ? [build(d - 1), 1] : { k: build(d - 1), s: "[[" });
    for (let i = 0; i < 50; i++) {
      const value = build(Math.floor(rand() * 20));
      const h = height(value);
      const text = bytes(JSON.stringify(value));
      expect(exceedsDepth(text, h)).toBe(false);
      if (h > 0) expect(exceedsDepth(text, h - 1)).toBe(true);
    }
  });
});
