import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, test, vi } from "vitest";
import { armDeadline, MAX_TIMER_MS } from "../../src/runner/deadline.js";
import { runChild } from "../../src/runner/run-child.js";
import type { RunRequest } from "../../src/runner/run-outcome.js";
import { CARGO_LIKE, eventually, FAKE_FZ, isAlive, readPids, tempDir } from "../support/fixtures.js";

const posix = process.platform !== "win32";

function run(argv: string[], options: Partial<RunRequest> & { env?: Record<string, string> } = {}) {
  const live = new Set<ChildProcess>();
  const saved = { ...process.env };
  Object.assign(process.env, options.env ?? {});
  try {
    const promise = runChild({ argv, cwd: options.cwd, limitMs: options.limitMs, signal: options.signal }, live);
    return { promise, live };
  } finally {
    for (const key of Object.keys(options.env ?? {})) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

describe("runChild with real processes", () => {
  test("captures the envelope and the exit status; stdin is empty", async () => {
    const dir = tempDir();
    const { promise, live } = run([process.execPath, FAKE_FZ, "init", "--json", "--name", "acme", "--host", "acme.example"], { cwd: dir });
    const outcome = await promise;
    expect(outcome).toMatchObject({ kind: "exited", status: 0, stderr: "" });
    expect(outcome.kind === "exited" && JSON.parse(outcome.stdout)).toMatchObject({ ok: true, name: "acme" });
    expect(live.size).toBe(0);

    const stdin = await run([process.execPath, "-e", "let n=0;process.stdin.on('data',d=>n+=d.length).on('end',()=>console.log(n))"]).promise;
    expect(stdin).toMatchObject({ kind: "exited", status: 0, stdout: "0\n" });
  });

  test("a missing program is unavailable, naming it", async () => {
    const outcome = await run(["fz-surely-not-installed-anywhere", "plan"]).promise;
    expect(outcome.kind).toBe("unavailable");
    expect(outcome.kind === "unavailable" && outcome.detail).toContain("could not run `fz-surely-not-installed-anywhere`");
  });

  test("a missing working directory is unavailable, naming the directory", async () => {
    const missing = join(tempDir(), "nope");
    const outcome = await run([process.execPath, FAKE_FZ, "plan"], { cwd: missing }).promise;
    expect(outcome.kind).toBe("unavailable");
    expect(outcome.kind === "unavailable" && outcome.detail).toContain(missing);
  });

  test("invalid UTF-8 is decoded lossily", async () => {
    const outcome = await run([process.execPath, FAKE_FZ, "plan"], { env: { FAKE_FZ_MODE: "invalid-utf8" } }).promise;
    expect(outcome).toMatchObject({ kind: "exited", status: 2, stderr: "bad \uFFFD\uFFFD bytes\n" });
  });

  test("a child killed by a signal has no exit status", async () => {
    const outcome = await run([process.execPath, FAKE_FZ, "plan"], { env: { FAKE_FZ_MODE: "signal" } }).promise;
    expect(outcome).toMatchObject({ kind: "exited", status: posix ? null : 1 });
  });

  test("megabytes on stdout and a chatty stderr are drained without blocking", async () => {
    const dir = tempDir();
    await run([process.execPath, FAKE_FZ, "init", "--json", "--name", "acme", "--host", "h"], { cwd: dir }).promise;
    const big = await run([process.execPath, FAKE_FZ, "verify", "--json"], { cwd: dir, env: { FAKE_FZ_MODE: "megabytes" } }).promise;
    expect(big.kind === "exited" && big.stdout.length).toBeGreaterThan(4 * 1024 * 1024);
    const chatty = await run([process.execPath, FAKE_FZ, "verify", "--json"], { cwd: dir, env: { FAKE_FZ_MODE: "chatty-stderr" } }).promise;
    // Drained in full, kept only as far as an excerpt needs.
    expect(chatty.kind === "exited" && chatty.stderr.length).toBe(64 * 1024);
    expect(chatty.kind === "exited" && chatty.stdout).toContain('"not-deployed"');
  });

  test.runIf(posix)("the timeout kills the whole tree, even a grandchild holding the pipes, and returns at once", async () => {
    const pidFile = join(tempDir(), "pids");
    // A limit long enough for three Node processes to start on a loaded machine.
    const started = Date.now();
    const { promise, live } = run([process.execPath, CARGO_LIKE, "plan", "--json"], {
      limitMs: 4000n,
      env: { FAKE_FZ_MODE: "grandchild-hang", FAKE_FZ_PIDFILE: pidFile },
    });
    const outcome = await promise;
    const elapsed = Date.now() - started;
    expect(outcome).toEqual({ kind: "timed-out" });
    expect(elapsed).toBeGreaterThanOrEqual(3900);
    // Returns at the limit, not when the 60 s pipe holder would let go.
    expect(elapsed).toBeLessThan(5500);
    expect(live.size).toBe(0);
    const pids = readPids(pidFile);
    expect(pids).toHaveLength(3); // cargo-like, fz, the pipe holder
    expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
  });

  test.runIf(posix)("after a normal exit, a grandchild left holding the pipes is killed and the envelope returned", async () => {
    const dir = tempDir();
    const pidFile = join(dir, "pids");
    await run([process.execPath, FAKE_FZ, "init", "--json", "--name", "acme", "--host", "h"], { cwd: dir }).promise;
    const started = Date.now();
    const outcome = await run([process.execPath, FAKE_FZ, "verify", "--json"], {
      cwd: dir,
      limitMs: 60_000n,
      env: { FAKE_FZ_MODE: "grandchild-exit", FAKE_FZ_PIDFILE: pidFile },
    }).promise;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(outcome.kind === "exited" && outcome.stdout).toContain('"not-deployed"');
    const pids = readPids(pidFile);
    expect(pids).toHaveLength(2);
    expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
  });

  test("an abort kills the child and resolves as cancelled", async () => {
    const pidFile = join(tempDir(), "pids");
    const controller = new AbortController();
    const { promise } = run([process.execPath, FAKE_FZ, "plan"], { signal: controller.signal, env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile } });
    expect(await eventually(() => readPids(pidFile).length === 1)).toBe(true);
    controller.abort();
    expect(await promise).toEqual({ kind: "cancelled" });
    const [pid] = readPids(pidFile);
    expect(await eventually(() => !isAlive(pid))).toBe(true);
  });

  test("an already aborted call spawns nothing", async () => {
    const controller = new AbortController();
    controller.abort();
    const pidFile = join(tempDir(), "pids");
    const outcome = await run([process.execPath, FAKE_FZ, "plan"], { signal: controller.signal, env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile } }).promise;
    expect(outcome).toEqual({ kind: "cancelled" });
    expect(readPids(pidFile)).toEqual([]);
  });
});

describe("armDeadline", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test("a limit beyond 2^31−1 ms is served as chained timers, never clamped to 1 ms", () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const limit = 9_223_372_036_000n * 1000n;
    armDeadline(limit, fired);
    vi.advanceTimersByTime(10);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(Number(MAX_TIMER_MS) * 3);
    expect(fired).not.toHaveBeenCalled();
  });

  test("a chained limit fires exactly at its end", () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const limit = MAX_TIMER_MS * 2n + 5n;
    armDeadline(limit, fired);
    vi.advanceTimersByTime(Number(MAX_TIMER_MS) * 2 + 4);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  test("disarming stops it", () => {
    vi.useFakeTimers();
    const fired = vi.fn();
    const disarm = armDeadline(1000n, fired);
    disarm();
    vi.advanceTimersByTime(5000);
    expect(fired).not.toHaveBeenCalled();
  });
});
