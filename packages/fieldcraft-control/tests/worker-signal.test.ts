// The pieces of the worker backend that are pure: the shared cancel flag behind a real AbortSignal, and which
// buffers a reply may move to the other thread.
import { Worker } from "node:worker_threads";
import { expect, test } from "vitest";
import { flagSignal, newCancelFlag, raiseFlag } from "../src/worker/shared-signal.js";
import { transferables } from "../src/worker/transfer.js";

test("the signal reads the shared flag at every poll and aborts itself, listeners and reason included", () => {
  const flag = newCancelFlag();
  const { signal } = flagSignal(flag, () => new Error("cancelled by the client"));
  let heard = 0;
  signal.addEventListener("abort", () => heard++);
  expect(signal.aborted).toBe(false);
  raiseFlag(flag);
  expect(heard).toBe(0); // nothing happens until someone looks
  expect(signal.aborted).toBe(true);
  expect(heard).toBe(1);
  expect((signal.reason as Error).message).toBe("cancelled by the client");
  expect(() => signal.throwIfAborted()).toThrow("cancelled by the client");
  expect(signal.aborted).toBe(true);
  expect(heard).toBe(1);
});

test("abort() from a message aborts it too, without the flag", () => {
  const { signal, abort } = flagSignal(newCancelFlag(), () => new Error("x"));
  abort();
  abort();
  expect(signal.aborted).toBe(true);
});

test("a flag raised by another thread reaches a loop that never yields", async () => {
  const flag = newCancelFlag();
  // The worker spins synchronously, polling only the flag, as the engine's mesher polls its signal.
  const worker = new Worker(
    `const { workerData, parentPort } = require("node:worker_threads");
     const flag = workerData; parentPort.postMessage("spinning"); let n = 0;
     while (Atomics.load(flag, 0) === 0) n++;
     parentPort.postMessage("stopped");`,
    { eval: true, workerData: flag },
  );
  const messages: string[] = [];
  let spinning!: () => void;
  const started = new Promise<void>((resolve) => (spinning = resolve));
  const stopped = new Promise<void>((resolve) =>
    worker.on("message", (m: string) => {
      messages.push(m);
      if (m === "spinning") spinning();
      if (m === "stopped") resolve();
    }),
  );
  await started;
  await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  raiseFlag(flag);
  await stopped;
  expect(performance.now() - t0).toBeLessThan(1000);
  expect(messages).toEqual(["spinning", "stopped"]);
  await worker.terminate();
});

test("only views that own their whole buffer are moved; pooled Buffer slices are copied", () => {
  const owned = new Uint8Array(16);
  const pooled = Buffer.from("small"); // a slice of Node's shared pool
  const floats = new Float64Array(4);
  const found = transferables({ ok: true, png: owned, result: { small: pooled, arrays: [floats, floats] } });
  expect(found).toEqual([owned.buffer, floats.buffer]);
  expect(found).not.toContain(pooled.buffer);
  expect(transferables(null)).toEqual([]);
  expect(transferables({ long: Array.from({ length: 100 }, () => new Uint8Array(1)) })).toEqual([]);
});
