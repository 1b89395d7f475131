// The session-in-a-worker through a real worker thread: calls and replies by id, the mirror arriving before the
// reply that changed it, a synchronous loop in the worker stopped by the shared flag, progress, bytes, failures as
// values (a value that cannot be cloned, a row that throws, a worker that dies and the fresh one after), and close.
import { afterEach, expect, test } from "vitest";
import { startSessionWorker, workerSession, type SessionWorker } from "../src/index.js";

const SHIM = new URL("./fixtures/ts-worker.mjs", import.meta.url);
const TOY = new URL("./fixtures/toy-worker.ts", import.meta.url).href;

const started: SessionWorker[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((w) => w.close()));
});

function toy(notes: string[] = [], mirrors: unknown[] = []) {
  const worker = startSessionWorker({ entry: SHIM, workerData: { entry: TOY }, note: (m) => notes.push(m), onMirror: (s) => mirrors.push(s), closeGraceMs: 2_000 });
  started.push(worker);
  return { worker, session: workerSession(worker, []), notes, mirrors };
}

test("a command runs in the worker; its mirror arrives before its reply", async () => {
  const { worker, session, mirrors } = toy();
  await worker.ready();
  expect(mirrors).toEqual([{ calls: 0 }]);
  const outcome = session.execute("echo", { a: 1 }).then((o) => ({ o, mirrorsAtReply: mirrors.length }));
  const { o, mirrorsAtReply } = await outcome;
  expect(o).toEqual({ ok: true, result: { a: 1 } });
  expect(mirrorsAtReply).toBe(2);
  expect(mirrors[1]).toEqual({ calls: 1 });
}, 30_000);

test("an abort reaches a loop that never yields, through the shared flag", async () => {
  const { worker, session } = toy();
  await worker.ready();
  const controller = new AbortController();
  const spinning = session.execute("spin", { ms: 20_000 }, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 200));
  const t0 = performance.now();
  controller.abort();
  expect(await spinning).toEqual({ ok: false, error: "spin: cancelled" });
  expect(performance.now() - t0).toBeLessThan(2_000);
  // An abort before the call is sent is seen at the first poll.
  const early = new AbortController();
  early.abort();
  expect(await session.execute("spin", { ms: 20_000 }, { signal: early.signal })).toEqual({ ok: false, error: "spin: cancelled" });
}, 30_000);

test("progress comes back as messages; owned bytes arrive intact", async () => {
  const { session } = toy();
  const seen: number[] = [];
  expect(await session.execute("progress", {}, { onProgress: (p) => seen.push(p.progress) })).toEqual({ ok: true, result: null });
  expect(seen).toEqual([1, 2, 3]);
  const bytes = (await session.execute("bytes", {})) as { ok: true; result: { png: Uint8Array } };
  expect(bytes.result.png).toBeInstanceOf(Uint8Array);
  expect([...bytes.result.png]).toEqual([1, 2, 3, 4]);
}, 30_000);

test("failures are values: an unclonable result, a throwing row, an unknown row", async () => {
  const { worker, session } = toy();
  const unclonable = await session.execute("unclonable", {});
  expect(unclonable.ok).toBe(false);
  expect(!unclonable.ok && unclonable.error).toMatch(/^unclonable failed: its result cannot be sent/);
  expect(await worker.call("throws", null, "throws")).toEqual({ ok: true, value: { ok: false, error: "throws failed: boom" } });
  expect(await worker.call("nope", null, "nope")).toEqual({ ok: true, value: { ok: false, error: "the session worker has no call `nope`" } });
  // Still serving.
  expect(await session.execute("echo", { b: 2 })).toEqual({ ok: true, result: { b: 2 } });
}, 30_000);

test("a worker that dies fails its call with a message saying so, and the next call starts a fresh one", async () => {
  const { session, notes, mirrors } = toy();
  expect(await session.execute("echo", {})).toMatchObject({ ok: true });
  const died = await session.execute("exit", {});
  expect(died.ok).toBe(false);
  expect(!died.ok && died.error).toMatch(/^exit: the engine stopped \(exit code 3\).*fresh session/);
  expect(notes.join("\n")).toMatch(/the engine worker stopped/);
  expect(await session.execute("echo", { again: true })).toEqual({ ok: true, result: { again: true } });
  // The fresh worker's own count.
  expect(mirrors.at(-1)).toEqual({ calls: 1 });
}, 30_000);

test("close runs the session's close, ends the thread, and later calls are refused as values", async () => {
  const { worker, session, notes } = toy();
  await worker.ready();
  await worker.close();
  expect(notes).toContain("toy session closed");
  const after = await session.execute("echo", {});
  expect(after).toEqual({ ok: false, error: "echo: the session is shutting down" });
  // A close while a loop spins in the worker still ends the thread, after the grace.
  const busy = toy();
  await busy.worker.ready();
  const spinning = busy.session.execute("spin", { ms: 60_000 });
  await new Promise((r) => setTimeout(r, 100));
  const t0 = performance.now();
  await busy.worker.close();
  expect(performance.now() - t0).toBeLessThan(10_000);
  expect((await spinning).ok).toBe(false);
}, 30_000);
