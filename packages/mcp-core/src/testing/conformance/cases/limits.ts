import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import type { RawDriver, RpcMessage } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { assertError, nextReply, withServer } from "../harness.js";

const MIB = 1024 * 1024;
const CHUNK = 1 * MIB;

/** A ping padded to exactly `bytes` bytes (newline excluded). */
export function paddedPing(bytes: number, id: unknown): string {
  const head = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"ping","params":{"pad":"`;
  const tail = '"}}';
  const pad = bytes - head.length - tail.length;
  if (pad < 0) throw new Error(`cannot pad a ping to ${bytes} bytes`);
  return head + "a".repeat(pad) + tail;
}

/** Streams `total` bytes of one JSON string line in 1 MiB chunks, honouring the pipe's backpressure. */
async function streamLine(d: RawDriver, total: number): Promise<void> {
  const head = Buffer.from('{"jsonrpc":"2.0","id":"huge","method":"ping","params":{"pad":"');
  const tail = Buffer.from('"}}\n');
  const chunk = Buffer.alloc(CHUNK, 0x61);
  await d.write(head);
  let left = total - head.length - tail.length + 1;
  while (left > 0) {
    const n = Math.min(left, CHUNK);
    await d.write(n === CHUNK ? chunk : chunk.subarray(0, n));
    left -= n;
  }
  await d.write(tail);
}

/** A field of /proc/<pid>/status in bytes (Linux), e.g. VmRSS or VmHWM. */
export function procStatusBytes(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  const path = `/proc/${pid}/status`;
  if (!existsSync(path)) return undefined;
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(readFileSync(path, "utf8"));
  return match ? Number(match[1]) * 1024 : undefined;
}

const hasProc = (): boolean => existsSync("/proc/self/status");

export const limitCases: readonly CaseRow[] = [
  {
    name: "a line one byte over the limit is answered `request too large` (id null) and the next request is served",
    run: (o) =>
      withServer(o, async (d) => {
        await d.write(paddedPing(o.maxLineBytes + 1, "over") + "\n");
        const reply = await nextReply(d, "the over-long line", o.timeoutMs);
        assertError(reply, -32600, null, "over-long line");
        assert.equal(reply.error!.message, "request too large");
        assert.deepEqual((await d.request({ method: "ping", id: "next" })).result, {}, "the next request is served");
        assert.ok(d.messages.every((m) => (m as RpcMessage).id !== "over"), "the over-long request itself is never answered");
      }),
  },
  {
    name: "a line of exactly the limit is served",
    run: (o) =>
      withServer(o, async (d) => {
        await d.write(paddedPing(o.maxLineBytes, "at-limit") + "\n");
        assert.deepEqual(await nextReply(d, "the line at the limit", o.timeoutMs), { jsonrpc: "2.0", id: "at-limit", result: {} });
      }),
  },
  {
    name: "a huge line streamed in is discarded as it streams: memory grows by at most the limit plus 64 MiB",
    skip: (o) =>
      o.hugeLineBytes === false ? "hugeLineBytes is false" : !hasProc() ? "no /proc on this system to read the server's memory" : undefined,
    timeoutFactor: 4,
    run: (o) =>
      withServer(o, async (d) => {
        assert.deepEqual((await d.request({ method: "ping", id: "warm" })).result, {});
        const pid = d.pid!;
        const before = procStatusBytes(pid, "VmRSS");
        assert.ok(before !== undefined, "VmRSS readable");
        await streamLine(d, o.hugeLineBytes as number);
        const reply = await nextReply(d, "the huge line", o.timeoutMs * 2);
        assert.equal(reply.error?.message, "request too large", `the huge line is refused (got ${JSON.stringify(reply)})`);
        const peak = procStatusBytes(pid, "VmHWM")!;
        const growth = peak - before;
        const bound = o.maxLineBytes + 64 * MIB;
        assert.ok(growth <= bound, `peak memory grew by ${(growth / MIB).toFixed(1)} MiB while a ${((o.hugeLineBytes as number) / MIB).toFixed(0)} MiB line streamed in; the bound is ${(bound / MIB).toFixed(0)} MiB`);
        assert.deepEqual((await d.request({ method: "ping", id: "after" })).result, {}, "serving continues");
      }),
  },
];
