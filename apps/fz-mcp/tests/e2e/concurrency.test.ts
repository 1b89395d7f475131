import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { CARGO_LIKE, FAKE_FZ_COMMAND, eventually, isAlive, readPids, tempDir } from "../support/fixtures.js";
import { callTool, envelopeOf, startServer } from "../support/server.js";

const posix = process.platform !== "win32";

describe("while fz runs", () => {
  test("ping, tools/list and fz_error_codes are answered", async () => {
    const pidFile = join(tempDir(), "pids");
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize();
    const slow = d.request({ method: "tools/call", params: { name: "fz_plan", arguments: {} }, id: "slow" }, 60_000);
    expect(await eventually(() => readPids(pidFile).length === 1)).toBe(true);
    expect((await d.request({ method: "ping" })).result).toEqual({});
    expect((await d.request({ method: "tools/list" })).result.tools).toHaveLength(7);
    const codes = await callTool(d, "fz_error_codes");
    expect(envelopeOf(codes).ok).toBe(true);
    // The slow call is still running: its child is alive and it has not replied.
    expect(isAlive(readPids(pidFile)[0])).toBe(true);
    expect(d.messages.some((m) => (m as { id?: unknown }).id === "slow")).toBe(false);
    void slow.catch(() => {});
  });

  test("a second spawning call waits for the first: one child at a time, in order", async () => {
    const dir = tempDir();
    const log = join(dir, "runs.log");
    const d = startServer({ command: FAKE_FZ_COMMAND, cwd: dir, env: { FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "700", FAKE_FZ_LOG: log } });
    await d.initialize();
    const calls = [
      callTool(d, "fz_plan", { manifest: "first.json" }, 60_000),
      callTool(d, "fz_verify", { manifest: "second.json" }, 60_000),
      callTool(d, "fz_doctor", { out: "third" }, 60_000),
    ];
    const results = await Promise.all(calls);
    expect(results.map((r) => (envelopeOf(r).argv as string[])[0])).toEqual(["plan", "verify", "doctor"]);
    const events = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" "));
    // start/end strictly alternate and each end belongs to the start before it: no overlap.
    expect(events.map(([kind]) => kind)).toEqual(["start", "end", "start", "end", "start", "end"]);
    for (let i = 0; i < events.length; i += 2) expect(events[i][1]).toBe(events[i + 1][1]);
  });
});

describe("cancellation", () => {
  test("notifications/cancelled kills the child (tree included), and gets no reply", async () => {
    const dir = tempDir();
    const pidFile = join(dir, "pids");
    const d = startServer({
      command: [process.execPath, CARGO_LIKE],
      cwd: dir,
      env: { FAKE_FZ_MODE: "hang", FAKE_FZ_PIDFILE: pidFile },
    });
    await d.initialize();
    d.send(JSON.stringify({ jsonrpc: "2.0", id: 41, method: "tools/call", params: { name: "fz_plan", arguments: {} } }));
    expect(await eventually(() => readPids(pidFile).length === 2)).toBe(true);
    const pids = readPids(pidFile);
    d.notify("notifications/cancelled", { requestId: 41, reason: "the user changed their mind" });
    expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
    // No reply to 41: the next message answers this ping.
    d.send(JSON.stringify({ jsonrpc: "2.0", id: "probe", method: "ping" }));
    expect(await d.next()).toEqual({ jsonrpc: "2.0", id: "probe", result: {} });
    await callTool(d, "fz_error_codes");
    expect(d.messages.some((m) => (m as { id?: unknown }).id === 41)).toBe(false);
  });

  test("a call cancelled while it waits in the queue never spawns", async () => {
    const dir = tempDir();
    const log = join(dir, "runs.log");
    const d = startServer({ command: FAKE_FZ_COMMAND, cwd: dir, env: { FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "1500", FAKE_FZ_LOG: log } });
    await d.initialize();
    const first = callTool(d, "fz_plan", {}, 60_000);
    d.send(JSON.stringify({ jsonrpc: "2.0", id: "queued", method: "tools/call", params: { name: "fz_verify", arguments: {} } }));
    expect(await eventually(() => (readLog(log).match(/start/g) ?? []).length === 1)).toBe(true);
    d.notify("notifications/cancelled", { requestId: "queued" });
    expect((envelopeOf(await first).argv as string[])[0]).toBe("plan");
    const third = await callTool(d, "fz_doctor", {}, 60_000);
    expect((envelopeOf(third).argv as string[])[0]).toBe("doctor");
    expect((readLog(log).match(/start/g) ?? []).length).toBe(2);
    expect(d.messages.some((m) => (m as { id?: unknown }).id === "queued")).toBe(false);
  });
});

describe("shutdown", () => {
  test.runIf(posix)("SIGTERM to the server kills the running fz tree", async () => {
    const pidFile = join(tempDir(), "pids");
    const d = startServer({ command: [process.execPath, CARGO_LIKE], env: { FAKE_FZ_MODE: "grandchild-hang", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize();
    d.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "fz_plan", arguments: {} } }));
    expect(await eventually(() => readPids(pidFile).length === 3)).toBe(true);
    const pids = readPids(pidFile);
    d.kill("SIGTERM");
    await d.waitExit(20_000);
    expect(await eventually(() => pids.every((pid) => !isAlive(pid)))).toBe(true);
  });

  test("EOF lets the running call finish and reply, then exits 0", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "800" } });
    await d.initialize();
    const reply = d.request({ method: "tools/call", params: { name: "fz_plan", arguments: {} } }, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    d.endInput();
    expect((await reply).result.isError).toBe(false);
    expect((await d.waitExit(30_000)).code).toBe(0);
    expect(d.stderr.trim().split("\n")).toHaveLength(1);
  });
});

function readLog(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
