import assert from "node:assert/strict";
import type { CaseRow } from "../case.js";
import { answerTo, assertError, withServer } from "../harness.js";
import type { RawDriver } from "../../raw-driver.js";

async function expectParseError(d: RawDriver, line: string | Uint8Array, what: string): Promise<void> {
  assertError(await answerTo(d, line, what), -32700, null, what);
  // The server keeps serving.
  assert.deepEqual((await answerTo(d, '{"jsonrpc":"2.0","id":"after","method":"ping"}', "ping")).result, {}, `${what}: serving continues`);
}

/** A ping whose params nest to exactly `depth` levels (the message object itself is level 1). */
export function nestedPing(depth: number, id: unknown = 1): string {
  const arrays = depth - 2;
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping","params":{"a":${"[".repeat(arrays)}${"]".repeat(arrays)}}}`;
}

export const parseErrorCases: readonly CaseRow[] = [
  {
    name: "invalid JSON is -32700 with id null, even when the text holds an id",
    run: (o) =>
      withServer(o, async (d) => {
        await expectParseError(d, '{"jsonrpc":"2.0","id":5,"method":"ping"', "truncated object");
        await expectParseError(d, "{'jsonrpc':'2.0'}", "single quotes");
        await expectParseError(d, '{"jsonrpc":"2.0","id":6,"method":"ping"} trailing', "trailing garbage");
        await expectParseError(d, '{"jsonrpc":"2.0","id":7,"method":"ping"}{"id":8}', "two values on one line");
      }),
  },
  {
    name: "a blank or whitespace-only line is a parse error",
    run: (o) =>
      withServer(o, async (d) => {
        await expectParseError(d, "\n", "blank line");
        await expectParseError(d, "   \t\r\n", "whitespace-only line");
      }),
  },
  {
    name: "bytes that are not UTF-8 are a parse error",
    run: (o) =>
      withServer(o, async (d) => {
        const enc = new TextEncoder();
        const wrap = (bad: number[]): Uint8Array => {
          const head = enc.encode('{"jsonrpc":"2.0","id":1,"method":"ping","params":{"s":"');
          const tail = enc.encode('"}}\n');
          return Uint8Array.from([...head, ...bad, ...tail]);
        };
        await expectParseError(d, wrap([0xff]), "byte 0xff");
        await expectParseError(d, wrap([0xc3]), "truncated two-byte sequence");
        await expectParseError(d, wrap([0xc0, 0xaf]), "overlong encoding");
        await expectParseError(d, wrap([0xed, 0xa0, 0x80]), "encoded surrogate");
      }),
  },
  {
    name: "nesting at the limit is served; one level deeper is a parse error",
    run: (o) =>
      withServer(o, async (d) => {
        const ok = await answerTo(d, nestedPing(o.maxDepth, "at-limit"), "at the limit");
        assert.deepEqual(ok, { jsonrpc: "2.0", id: "at-limit", result: {} }, `depth ${o.maxDepth} must be served`);
        await expectParseError(d, nestedPing(o.maxDepth + 1), `depth ${o.maxDepth + 1}`);
      }),
  },
  {
    name: "very deep nesting (100 000 levels) is a parse error, not a crash",
    run: (o) =>
      withServer(o, async (d) => {
        await expectParseError(d, "[".repeat(100_000) + "]".repeat(100_000), "100 000 arrays");
        await expectParseError(d, '{"a":'.repeat(100_000) + "1" + "}".repeat(100_000), "100 000 objects");
      }),
  },
  {
    name: "brackets inside strings do not count as nesting",
    run: (o) =>
      withServer(o, async (d) => {
        const s = "[{".repeat(o.maxDepth * 2) + '\\"[';
        const line = `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"s":"${s}"}}`;
        assert.deepEqual((await answerTo(d, line, "brackets in a string")).result, {});
      }),
  },
];
