/**
 * Requests per second and p50/p99 latency of `ping` and of an in-process tool call over stdio:
 * our example server against the SDK's McpServer + StdioServerTransport doing the same work,
 * measured in one run (alternating rounds, medians kept) and printed as ratios.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { LineClient } from "./line-client.js";

const OURS = fileURLToPath(new URL("../dist/examples/echo-server.js", import.meta.url));
const SDK = fileURLToPath(new URL("./sdk-echo-server.ts", import.meta.url));
if (!existsSync(OURS)) throw new Error(`build first: ${OURS} is missing`);

const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 3_000);
const PIPELINED = Number(process.env.BENCH_PIPELINED ?? 20_000);
const WINDOW = 32;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Workload {
  readonly name: string;
  readonly method: string;
  readonly params?: unknown;
}

const WORKLOADS: readonly Workload[] = [
  { name: "ping", method: "ping" },
  { name: "tools/call echo", method: "tools/call", params: { name: "echo", arguments: { text: "hello, benchmark" } } },
];

interface Measure {
  readonly p50: number;
  readonly p99: number;
  /** Sequential requests per second (one in flight). */
  readonly seqRps: number;
  /** Pipelined requests per second (WINDOW in flight). */
  readonly pipeRps: number;
}

const SERVERS = [
  { name: "mcp-core", command: process.execPath, args: [OURS] },
  { name: "sdk", command: process.execPath, args: ["--import", "tsx", SDK] },
] as const;

async function measure(client: LineClient, w: Workload): Promise<Measure> {
  const latencies = new Float64Array(SEQUENTIAL);
  const seqStart = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    await client.request(w.method, w.params);
    latencies[i] = performance.now() - t;
  }
  const seqMs = performance.now() - seqStart;
  latencies.sort();
  const pipeStart = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: WINDOW }, async () => {
      while (sent < PIPELINED) {
        sent++;
        await client.request(w.method, w.params);
      }
    }),
  );
  const pipeMs = performance.now() - pipeStart;
  return {
    p50: latencies[Math.floor(SEQUENTIAL * 0.5)]!,
    p99: latencies[Math.floor(SEQUENTIAL * 0.99)]!,
    seqRps: (SEQUENTIAL / seqMs) * 1000,
    pipeRps: (PIPELINED / pipeMs) * 1000,
  };
}

async function round(): Promise<Map<string, Map<string, Measure>>> {
  const out = new Map<string, Map<string, Measure>>();
  for (const server of SERVERS) {
    const client = new LineClient(server.command, server.args);
    await client.request("initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
    client.notify("notifications/initialized");
    // Warm both sides' JIT on every workload before measuring any of them.
    for (const w of WORKLOADS) for (let i = 0; i < 2_000; i++) await client.request(w.method, w.params);
    const results = new Map<string, Measure>();
    for (const w of WORKLOADS) results.set(w.name, await measure(client, w));
    out.set(server.name, results);
    await client.close();
  }
  return out;
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const rounds: Array<Map<string, Map<string, Measure>>> = [];
for (let r = 0; r < ROUNDS; r++) rounds.push(await round());

const pick = (server: string, workload: string, key: keyof Measure): number =>
  median(rounds.map((r) => r.get(server)!.get(workload)![key]));

const fmt = (n: number, digits = 0): string => n.toFixed(digits).padStart(9);
console.log(`mcp-core vs SDK McpServer over stdio (medians of ${ROUNDS} rounds; ${SEQUENTIAL} sequential, ${PIPELINED} pipelined with ${WINDOW} in flight)`);
console.log("workload          server       seq rps   pipe rps    p50 ms    p99 ms");
for (const w of WORKLOADS) {
  for (const s of SERVERS) {
    console.log(
      `${w.name.padEnd(17)} ${s.name.padEnd(9)}${fmt(pick(s.name, w.name, "seqRps"))}  ${fmt(pick(s.name, w.name, "pipeRps"))} ${fmt(pick(s.name, w.name, "p50"), 3)} ${fmt(pick(s.name, w.name, "p99"), 3)}`,
    );
  }
}
console.log("\nratios mcp-core / sdk (rps: higher is better; latency: lower is better)");
for (const w of WORKLOADS) {
  const ratio = (key: keyof Measure): string => (pick("mcp-core", w.name, key) / pick("sdk", w.name, key)).toFixed(2) + "x";
  console.log(`${w.name.padEnd(17)} seq rps ${ratio("seqRps")}  pipe rps ${ratio("pipeRps")}  p50 ${ratio("p50")}  p99 ${ratio("p99")}`);
}
