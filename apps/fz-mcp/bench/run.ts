// The time fz-mcp adds to one call over spawning the same fz directly, measured in one run.
// The baseline is a plain Node process (bench/direct-runner.mjs) that spawns the same fz per line
// it reads: the same pipe hop and a process of similar size, without MCP. (Spawning from this tsx
// process instead would be slower than from the lean server — fork cost grows with the parent.)
// Baseline and wrapped calls alternate so machine load affects both alike; the report is the
// median of each and of their paired difference. Goal: under 5 ms at p50.
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { RawDriver } from "@mcp-wrappers/mcp-core/testing";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
const cli = join(packageDir, "dist/cli.js");
const fakeFz = join(packageDir, "tests/fixtures/fz/fz.mjs");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);

interface Subject {
  readonly name: string;
  /** The fz command: program and leading words. */
  readonly command: readonly string[];
  readonly env?: Record<string, string>;
}

const ENVELOPE = '{"schema":1,"ok":true,"failures":[]}';
const subjects: Subject[] = [
  // A near-instant fz, so the wrapper's own cost is not lost in a Node start-up.
  ...(process.platform === "win32" ? [] : [{ name: "tiny fz (sh printf)", command: ["sh", "-c", `printf '%s\\n' '${ENVELOPE}'`, "fz"] }]),
  { name: "fake fz (node, fz verify)", command: [process.execPath, fakeFz] },
];

const TOOL_ARGV = ["verify", "--json", "--non-interactive"];

/** A persistent baseline process; each call is one line in, one line out. */
class DirectRunner {
  readonly #child;
  #pending: Array<(line: string) => void> = [];
  #tail = "";

  constructor(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv) {
    this.#child = spawn(process.execPath, [join(packageDir, "bench/direct-runner.mjs"), cwd, ...command], { env, stdio: ["pipe", "pipe", "inherit"] });
    this.#child.stdout.setEncoding("utf8");
    this.#child.stdout.on("data", (text: string) => {
      const lines = (this.#tail + text).split("\n");
      this.#tail = lines.pop() ?? "";
      for (const line of lines) this.#pending.shift()?.(line);
    });
  }

  async call(): Promise<number> {
    const started = process.hrtime.bigint();
    const line = await new Promise<string>((resolve) => {
      this.#pending.push(resolve);
      this.#child.stdin.write("run\n");
    });
    if (!line.includes('\\"schema\\":1')) throw new Error(`baseline run printed no envelope: ${line}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  }

  close(): void {
    this.#child.stdin.end();
  }
}

/** Spawning from this (tsx) process, for context only. */
function direct(command: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn(command[0], [...command.slice(1), ...TOOL_ARGV], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.resume();
    child.on("error", reject);
    child.on("close", () => {
      if (!Buffer.concat(out).toString().includes('"schema":1')) reject(new Error("direct run printed no envelope"));
      resolve(Number(process.hrtime.bigint() - started) / 1e6);
    });
  });
}

async function wrapped(driver: RawDriver): Promise<number> {
  const started = process.hrtime.bigint();
  const reply = await driver.request({ method: "tools/call", params: { name: "fz_verify", arguments: {} } }, 60_000);
  if (reply.result?.content?.[0]?.text?.includes('"schema":1') !== true) throw new Error(`wrapped call failed: ${JSON.stringify(reply)}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const percentile = (values: number[], p: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];

async function measure(subject: Subject): Promise<void> {
  const venture = mkdtempSync(join(tmpdir(), "fz-bench-"));
  const env = { ...process.env, ...subject.env };
  // A venture so the fake fz has something to verify.
  await direct([process.execPath, fakeFz], venture, env).catch(() => 0);
  await new Promise<void>((resolve) => {
    spawn(process.execPath, [fakeFz, "init", "--json", "--name", "bench", "--host", "bench.example"], { cwd: venture, stdio: "ignore" }).on("close", () => resolve());
  });
  const driver = RawDriver.spawn({ command: process.execPath, args: [cli, "--cwd", venture, "--", ...subject.command], env });
  await driver.initialize();
  const baseline = new DirectRunner(subject.command, venture, env);
  for (let i = 0; i < 5; i += 1) {
    await baseline.call();
    await wrapped(driver);
  }
  const baselineMs: number[] = [];
  const wrappedMs: number[] = [];
  const fromHereMs: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    baselineMs.push(await baseline.call());
    wrappedMs.push(await wrapped(driver));
    if (i % 4 === 0) fromHereMs.push(await direct(subject.command, venture, env));
  }
  baseline.close();
  driver.kill("SIGTERM");
  await driver.close();
  const overhead = wrappedMs.map((ms, i) => ms - baselineMs[i]);
  const p50Baseline = median(baselineMs);
  const p50Wrapped = median(wrappedMs);
  const added = median(overhead);
  process.stdout.write(
    `${subject.name}: ${ROUNDS} rounds\n` +
      `  baseline: plain spawn in a Node process  p50 ${p50Baseline.toFixed(2)} ms   p90 ${percentile(baselineMs, 0.9).toFixed(2)} ms\n` +
      `  through fz-mcp (tools/call round trip)   p50 ${p50Wrapped.toFixed(2)} ms   p90 ${percentile(wrappedMs, 0.9).toFixed(2)} ms\n` +
      `  added by fz-mcp per call                 p50 ${added.toFixed(2)} ms   (ratio ${(p50Wrapped / p50Baseline).toFixed(3)}×; goal < 5 ms: ${added < 5 ? "met" : "NOT met"})\n` +
      `  (spawned from the bench's own tsx process: p50 ${median(fromHereMs).toFixed(2)} ms, context only)\n`,
  );
}

for (const subject of subjects) await measure(subject);
