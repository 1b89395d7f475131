import assert from "node:assert/strict";
import type { RawDriver, RpcMessage } from "../../raw-driver.js";
import type { CaseRow } from "../case.js";
import { answerTo, assertError, assertNothingAnsweredBefore, withEachVersion, withServer } from "../harness.js";
import type { ResolvedOptions } from "../options.js";

const ping = (id: unknown): object => ({ jsonrpc: "2.0", id, method: "ping" });

function assertRefused(reply: unknown, what: string): void {
  assert.ok(!Array.isArray(reply), `${what}: a refused batch gets one error object, not an array`);
  assertError(reply as RpcMessage, -32600, null, what);
  const data = (reply as RpcMessage).error!.data;
  assert.equal(typeof data, "string", `${what}: the refusal carries a string data hint`);
  assert.match(data as string, /2025-06-18/, `${what}: the hint says batching was removed in 2025-06-18`);
}

const takesBatches = (o: ResolvedOptions): string | undefined => (o.batch === false ? "the server takes no batches" : undefined);
const refusesBatches = (o: ResolvedOptions): string | undefined => (o.batch !== false ? "the server takes batches" : undefined);
const max = (o: ResolvedOptions): number => (o.batch === false ? 0 : o.batch.maxMessages);

async function oldEra(d: RawDriver, version = "2024-11-05"): Promise<void> {
  await d.initialize(version);
  // The initialized notification gets no reply; the first message after it answers whatever is sent next.
}

export const batchCases: readonly CaseRow[] = [
  {
    name: "a server that takes no batches refuses every one with -32600 and a data hint, in every era",
    skip: refusesBatches,
    run: (o) =>
      withServer(o, async (d) => {
        assertRefused(await answerTo(d, "[]", "[]"), "[] before initialize");
        assertRefused(await answerTo(d, JSON.stringify([ping(1)]), "[ping]"), "[ping] before initialize");
      }).then(() =>
        withEachVersion(o, ["2024-11-05", "2025-06-18"], async (d, version) => {
          assertRefused(await answerTo(d, JSON.stringify([ping(2), ping(3)]), "batch"), `batch on ${version}`);
          assertRefused(await answerTo(d, "[1,2]", "[1,2]"), `[1,2] on ${version}`);
        }),
      ),
  },
  {
    name: "batches are refused with a data hint on 2025-06-18 and later",
    skip: takesBatches,
    run: (o) =>
      withEachVersion(o, ["2025-06-18", "2025-11-25"], async (d, version) => {
        assertRefused(await answerTo(d, JSON.stringify([ping(1), ping(2)]), "batch"), `batch on ${version}`);
      }),
  },
  {
    name: "before 2025-06-18 a batch gets one array of replies in order",
    skip: takesBatches,
    run: (o) =>
      withEachVersion(o, ["2024-11-05", "2025-03-26"], async (d, version) => {
        const reply = await answerTo(d, JSON.stringify([ping(`${version}-a`), ping(`${version}-b`)]), "batch");
        assert.deepEqual(reply, [
          { jsonrpc: "2.0", id: `${version}-a`, result: {} },
          { jsonrpc: "2.0", id: `${version}-b`, result: {} },
        ]);
      }),
  },
  {
    name: "requests before initialize are served as the oldest era: batches taken",
    skip: takesBatches,
    run: (o) =>
      withServer(o, async (d) => {
        const reply = await answerTo(d, JSON.stringify([ping(1)]), "batch before initialize");
        assert.deepEqual(reply, [{ jsonrpc: "2.0", id: 1, result: {} }]);
      }),
  },
  {
    name: "a batch mixes replies, errors and silent notifications; all-notification batches get nothing",
    skip: takesBatches,
    run: (o) =>
      withServer(o, async (d) => {
        await oldEra(d);
        const mixed = [ping("p"), { jsonrpc: "2.0", method: "notifications/initialized" }, 1, { jsonrpc: "2.0", id: "m", method: "no/such" }, [ping("nested")]];
        const reply = (await answerTo(d, JSON.stringify(mixed), "mixed batch")) as unknown as RpcMessage[];
        assert.ok(Array.isArray(reply), "a batch reply is an array");
        assert.equal(reply.length, 4, "one reply per request, none for the notification");
        assert.deepEqual(reply[0], { jsonrpc: "2.0", id: "p", result: {} });
        assertError(reply[1]!, -32600, null, "a scalar inside a batch");
        assertError(reply[2]!, -32601, "m", "an unknown method inside a batch");
        assertError(reply[3]!, -32600, null, "a nested array inside a batch");
        d.send(JSON.stringify([{ jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", method: "x" }]));
        await assertNothingAnsweredBefore(d, "a batch of notifications");
      }),
  },
  {
    name: "an empty batch or one over the size limit is a single -32600; the limit itself is served",
    skip: takesBatches,
    run: (o) =>
      withServer(o, async (d) => {
        await oldEra(d);
        const empty = await answerTo(d, "[]", "[]");
        assert.ok(!Array.isArray(empty), "[] gets one error object");
        assertError(empty, -32600, null, "[]");
        const n = max(o);
        const full = Array.from({ length: n }, (_, i) => ping(i));
        const atLimit = (await answerTo(d, JSON.stringify(full), "batch at the limit")) as unknown as RpcMessage[];
        assert.ok(Array.isArray(atLimit) && atLimit.length === n, `a batch of ${n} gets ${n} replies`);
        const over = await answerTo(d, JSON.stringify([...full, ping(n)]), "batch over the limit");
        assert.ok(!Array.isArray(over), "an over-size batch gets one error object");
        assertError(over, -32600, null, `a batch of ${n + 1}`);
      }),
  },
];
