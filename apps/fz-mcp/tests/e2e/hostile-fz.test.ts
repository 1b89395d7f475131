// An fz that misbehaves at scale: hundreds of megabytes of prose on stdout, and a daemon that leaves
// fz's process group. The server must answer with an envelope, stay small and leave nothing running.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { FAKE_FZ_COMMAND, eventually, readPids, tempDir } from "../support/fixtures.js";
import { callTool, envelopeOf, startServer } from "../support/server.js";

const linux = process.platform === "linux";

/** Peak resident memory of a process in bytes (Linux: VmHWM in /proc/<pid>/status). */
function peakRss(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match![1]) * 1024;
}

/** Running, not a zombie waiting for a parent that will never reap it (PID 1 in a container may not). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

describe("300 MiB of prose on fz's stdout", () => {
  test.runIf(linux)("is an mcp-fz-no-json envelope with a bounded excerpt; the server keeps serving and stays small", async () => {
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "flood", FAKE_FZ_FLOOD_MB: "300" } });
    await d.initialize("2025-11-25");
    const result = await callTool(d, "fz_doctor", {}, 120_000);
    const envelope = envelopeOf(result);
    expect(result.isError).toBe(true);
    expect(envelope.failures).toHaveLength(1);
    expect(envelope.failures[0]!.code).toBe("mcp-fz-no-json");
    const message = envelope.failures[0]!.message;
    expect(message).toMatch(/^fz produced no JSON object on stdout \(exit code 0\); stdout excerpt: fz says something long-winded/);
    expect(message.endsWith("…")).toBe(true);
    expect(Array.from(message.slice(message.indexOf("excerpt: ") + 9))).toHaveLength(501);
    expect((await d.request({ method: "ping" })).result).toEqual({});
    // Generous: the capture keeps 64 MiB of tail at most; reading it all took 2.6 GB.
    expect(peakRss(d.child.pid!)).toBeLessThan(512 * 1024 * 1024);
  }, 180_000);

  test.runIf(linux)("followed by the envelope on the last line, the envelope is returned exactly", async () => {
    const line = '{"schema":1,"ok":true,"failures":[],"note":"after the flood"}';
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "flood", FAKE_FZ_FLOOD_MB: "100", FAKE_FZ_STDOUT: `${line}\n\n` } });
    await d.initialize("2025-11-25");
    const result = await callTool(d, "fz_plan", {}, 120_000);
    expect(result.isError).toBe(false);
    expect(result.content[0].text).toBe(line);
    expect((await d.request({ method: "ping" })).result).toEqual({});
  }, 180_000);
});

describe("a daemon fz starts in a session of its own (setsid)", () => {
  test.runIf(linux)("is killed when the call ends: no call leaves a process behind", async () => {
    const pidFile = join(tempDir(), "pids");
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "daemon", FAKE_FZ_PIDFILE: pidFile } });
    await d.initialize("2025-11-25");
    const result = await callTool(d, "fz_doctor", {});
    expect(result.isError).toBe(false);
    const [daemon] = readPids(pidFile);
    expect(daemon).toBeGreaterThan(0);
    await eventually(() => !running(daemon!), 10_000);
    expect(running(daemon!)).toBe(false);
    expect((await d.request({ method: "ping" })).result).toEqual({});
  }, 60_000);
});

describe("stdin closes while an fz runs long", () => {
  test.runIf(linux)("the server ends within 2 s (a 1.5 s grace, then the call is cancelled) and takes its fz with it", async () => {
    const dir = tempDir();
    const log = join(dir, "runs");
    const d = startServer({ command: FAKE_FZ_COMMAND, env: { FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "30000", FAKE_FZ_LOG: log } });
    await d.initialize("2025-11-25");
    d.send(JSON.stringify({ jsonrpc: "2.0", id: "long", method: "tools/call", params: { name: "fz_plan", arguments: {} } }));
    await eventually(() => /^start \d+/m.test(readFileSyncSafe(log)), 10_000);
    const fz = Number(/^start (\d+)/m.exec(readFileSyncSafe(log))![1]);
    const closed = performance.now();
    d.endInput();
    const exit = await d.waitExit(10_000);
    const elapsed = performance.now() - closed;
    console.info(`[fz-mcp] closed stdin during a 30 s fz: exit ${JSON.stringify(exit)} after ${elapsed.toFixed(0)} ms`);
    expect(exit.code).toBe(0);
    expect(elapsed).toBeLessThan(5_000);
    await eventually(() => !running(fz), 5_000);
    expect(running(fz)).toBe(false);
  }, 60_000);
});

function readFileSyncSafe(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}
