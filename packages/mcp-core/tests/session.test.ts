import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { defineServer, serveStdio, textResult, tool, type ServeOutcome, type ServerSpec, type ToolContext } from "../src/index.js";

const hints = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** Serves a definition over in-memory streams (the same code path as stdio, without a process). */
function serve(spec: Partial<ServerSpec> & Pick<ServerSpec, "tools">, eofGraceMs?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const lines: any[] = [];
  let tail = "";
  stdout.setEncoding("utf8");
  stdout.on("data", (text: string) => {
    const parts = (tail + text).split("\n");
    tail = parts.pop()!;
    for (const p of parts) lines.push(JSON.parse(p));
  });
  const def = defineServer({ name: "t", version: "1", instructions: "test", ...spec });
  const done: Promise<ServeOutcome> = serveStdio(def, { stdin, stdout, stderr, exitOnEnd: false, ...(eofGraceMs !== undefined ? { eofGraceMs } : {}) });
  const send = (m: object): void => void stdin.write(JSON.stringify({ jsonrpc: "2.0", ...m }) + "\n");
  const waitFor = async (pred: (m: any) => boolean): Promise<any> => {
    for (let i = 0; i < 500; i++) {
      const found = lines.find(pred);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`timed out; lines: ${JSON.stringify(lines)}`);
  };
  return { stdin, lines, send, waitFor, done, end: () => stdin.end() };
}

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!cond()) throw new Error("condition not reached");
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe("session (in-process streams)", () => {
  test("calls sharing a queue key run one at a time in arrival order; others overlap", async () => {
    const log: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const work = async (label: string, ms: number): Promise<void> => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      log.push(`start ${label}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${label}`);
      running--;
    };
    const queued = tool({
      name: "queued", description: "d", input: z.object({ label: z.string(), ms: z.number() }), annotations: hints, queue: "model",
      run: async (a) => (await work(a.label, a.ms), textResult(a.label)),
    });
    const s = serve({ tools: [queued] });
    s.send({ id: 1, method: "tools/call", params: { name: "queued", arguments: { label: "a", ms: 60 } } });
    s.send({ id: 2, method: "tools/call", params: { name: "queued", arguments: { label: "b", ms: 10 } } });
    s.send({ id: 3, method: "tools/call", params: { name: "queued", arguments: { label: "c", ms: 10 } } });
    s.end();
    expect(await s.done).toEqual({ reason: "eof", exitCode: 0 });
    expect(maxRunning).toBe(1);
    expect(log).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    expect(s.lines.map((l) => l.id)).toEqual([1, 2, 3]);
  });

  test("a queued call cancelled before its turn never starts and gets no reply", async () => {
    const started: string[] = [];
    const first = gate();
    const row = tool({
      name: "q", description: "d", input: z.object({ label: z.string() }), annotations: hints, queue: "k",
      run: async (a, ctx) => {
        started.push(a.label);
        if (a.label === "first") await first.opened;
        return textResult(`${a.label} ${ctx.signal.aborted}`);
      },
    });
    const s = serve({ tools: [row] });
    s.send({ id: 1, method: "tools/call", params: { name: "q", arguments: { label: "first" } } });
    s.send({ id: 2, method: "tools/call", params: { name: "q", arguments: { label: "second" } } });
    s.send({ method: "notifications/cancelled", params: { requestId: 2 } });
    s.send({ id: 3, method: "ping" });
    await s.waitFor((m) => m.id === 3);
    first.open();
    s.end();
    await s.done;
    expect(started).toEqual(["first"]);
    expect(s.lines.map((l) => l.id)).toEqual([3, 1]);
  });

  test("the abort reaches the tool's signal with the client's reason; the reply is suppressed", async () => {
    let seen: ToolContext | undefined;
    const row = tool({
      name: "wait", description: "d", input: z.object({}), annotations: hints,
      run: (_a, ctx) => {
        seen = ctx;
        return new Promise((resolve) => ctx.signal.addEventListener("abort", () => resolve(textResult("aborted"))));
      },
    });
    const s = serve({ tools: [row] });
    s.send({ id: "w", method: "tools/call", params: { name: "wait", arguments: {} } });
    await until(() => seen !== undefined);
    s.send({ method: "notifications/cancelled", params: { requestId: "w", reason: "user pressed stop" } });
    s.end();
    await s.done;
    expect(seen!.signal.aborted).toBe(true);
    expect((seen!.signal.reason as Error).message).toBe("user pressed stop");
    expect(s.lines).toEqual([]);
  });

  test("progress: dropped without a token; with one, non-increasing values are dropped and nothing follows the reply", async () => {
    let late: ToolContext | undefined;
    const row = tool({
      name: "p", description: "d", input: z.object({}), annotations: hints,
      run: (_a, ctx) => {
        late = ctx;
        for (const progress of [1, 1, 0.5, 2, Number.NaN, 3]) ctx.progress({ progress, total: 3 });
        return textResult("done");
      },
    });
    const s = serve({ tools: [row] });
    s.send({ id: 1, method: "tools/call", params: { name: "p", arguments: {} } });
    s.send({ id: 2, method: "tools/call", params: { name: "p", arguments: {}, _meta: { progressToken: "tok" } } });
    await s.waitFor((m) => m.id === 2);
    late!.progress({ progress: 10 });
    s.end();
    await s.done;
    const progress = s.lines.filter((l) => l.method === "notifications/progress").map((l) => l.params);
    expect(progress).toEqual([
      { progressToken: "tok", progress: 1, total: 3 },
      { progressToken: "tok", progress: 2, total: 3 },
      { progressToken: "tok", progress: 3, total: 3 },
    ]);
  });

  test("EOF waits for running calls, then onShutdown runs with reason eof", async () => {
    const events: string[] = [];
    const row = tool({
      name: "slow", description: "d", input: z.object({}), annotations: hints,
      run: async () => {
        await new Promise((r) => setTimeout(r, 100));
        events.push("call done");
        return textResult("ok");
      },
    });
    const s = serve({ tools: [row], onShutdown: (reason) => void events.push(`shutdown ${reason}`) });
    s.send({ id: 1, method: "tools/call", params: { name: "slow", arguments: {} } });
    s.end();
    await s.done;
    expect(events).toEqual(["call done", "shutdown eof"]);
    expect(s.lines).toHaveLength(1);
  });

  test("with eofGraceMs, a call still running after it is aborted at EOF: no reply, then onShutdown eof", async () => {
    const events: string[] = [];
    const row = tool({
      name: "endless", description: "d", input: z.object({}), annotations: hints,
      run: (_a, ctx: ToolContext) =>
        new Promise((_, reject) => ctx.signal.addEventListener("abort", () => (events.push("aborted"), reject(new Error("aborted"))))),
    });
    const s = serve({ tools: [row], onShutdown: (reason) => void events.push(`shutdown ${reason}`) }, 200);
    s.send({ id: 1, method: "tools/call", params: { name: "endless", arguments: {} } });
    await new Promise((r) => setTimeout(r, 50));
    const started = performance.now();
    s.end();
    expect(await s.done).toEqual({ reason: "eof", exitCode: 0 });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(190);
    expect(waited).toBeLessThan(5_000);
    expect(events).toEqual(["aborted", "shutdown eof"]);
    expect(s.lines).toHaveLength(0);
  });

  test("a hung onShutdown does not keep the server alive: it is given 5 s", async () => {
    const s = serve({ tools: [], onShutdown: () => new Promise<void>(() => {}) });
    const started = performance.now();
    s.end();
    expect(await s.done).toEqual({ reason: "eof", exitCode: 0 });
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(4_900);
    expect(waited).toBeLessThan(30_000);
  });

  test("a validator that throws and a result that cannot be serialised still give results", async () => {
    const crashy = tool<{ n: number }>({
      name: "crashy", description: "d", inputSchema: { type: "object" }, annotations: hints,
      validate: () => {
        throw new Error("validator bug");
      },
      run: () => textResult(""),
    });
    const cyclic = tool({
      name: "cyclic", description: "d", input: z.object({}), annotations: hints,
      run: () => {
        const a: any = { content: [{ type: "text", text: "x" }] };
        a.self = a;
        return a;
      },
    });
    const s = serve({ tools: [crashy, cyclic] });
    s.send({ id: 1, method: "tools/call", params: { name: "crashy", arguments: {} } });
    s.send({ id: 2, method: "tools/call", params: { name: "cyclic", arguments: {} } });
    const r1 = await s.waitFor((m) => m.id === 1);
    const r2 = await s.waitFor((m) => m.id === 2);
    expect(r1.result.isError).toBe(true);
    expect(r1.result.content[0].text).toMatch(/validator bug/);
    expect(r2.result.isError).toBe(true);
    expect(r2.result.content[0].text).toMatch(/could not be serialised/);
    s.end();
    await s.done;
  });

  test("defineServer refuses duplicate tools and bad policies", () => {
    const row = tool({ name: "a", description: "d", input: z.object({}), annotations: hints, run: () => textResult("") });
    expect(() => defineServer({ name: "s", version: "1", instructions: "", tools: [row, row] })).toThrow(/duplicate tool name: a/);
    expect(() => defineServer({ name: "s", version: "1", instructions: "", tools: [], policies: { batch: { maxMessages: 0 } } })).toThrow(/maxMessages/);
    expect(() => defineServer({ name: "", version: "1", instructions: "", tools: [] })).toThrow(/name/);
  });
});
