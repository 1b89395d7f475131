/**
 * Issue #33's load test: CLIENTS concurrent HTTP clients (each its own session and keep-alive socket)
 * doing tool calls while SLOW connections dribble header bytes and are reopened as the server drops
 * them. Prints every call answered or not, p50/p99 latency, the server's peak RSS, and how many slow
 * connections the server closed. Run after a build: `pnpm exec tsx bench/http-load.ts`
 * (BENCH_LOAD_CLIENTS, BENCH_LOAD_SLOW, BENCH_LOAD_CALLS, BENCH_LOAD_HEADERS_MS to change the sizes).
 */
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { connect, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import { HttpServerProcess } from "../src/testing/http-process.js";

const SERVER = fileURLToPath(new URL("../dist/examples/echo-server.js", import.meta.url));
if (!existsSync(SERVER)) throw new Error(`build first: ${SERVER} is missing`);

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
const SLOW = Number(process.env.BENCH_LOAD_SLOW ?? 1_000);
const CALLS = Number(process.env.BENCH_LOAD_CALLS ?? 20);
const HEADERS_MS = Number(process.env.BENCH_LOAD_HEADERS_MS ?? 10_000);

const server = await HttpServerProcess.spawn({
  command: process.execPath,
  args: [SERVER, "--http=127.0.0.1:0", `--http-headers-ms=${HEADERS_MS}`, `--http-max-sessions=${CLIENTS + 8}`],
});
const url = new URL(server.url);

function post(agent: Agent, body: unknown, session?: string): Promise<{ status: number; text: string; session?: string }> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { ...server.authHeaders, "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
  if (session !== undefined) headers["Mcp-Session-Id"] = session;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", agent, headers }, (res) => {
      let out = "";
      res.setEncoding("utf8").on("data", (c: string) => (out += c)).on("end", () =>
        resolve({ status: res.statusCode!, text: out, session: res.headers["mcp-session-id"] as string | undefined }));
    });
    req.on("error", reject);
    req.end(text);
  });
}

// Slow connections: one header byte every 500 ms, reopened a second after the server drops one.
let slowClosedByServer = 0;
let stopping = false;
const slow = new Set<Socket>();
function openSlow(): void {
  const socket = connect(Number(url.port), url.hostname);
  socket.on("error", () => {});
  socket.resume();
  slow.add(socket);
  socket.once("close", () => {
    slow.delete(socket);
    if (stopping) return;
    slowClosedByServer++;
    setTimeout(openSlow, 1_000);
  });
}
for (let i = 0; i < SLOW; i++) openSlow();
const line = `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\nX-Slow: ${"a".repeat(400)}\r\n`;
let drip = 0;
const dripper = setInterval(() => {
  const ch = line[drip++ % line.length]!;
  for (const s of slow) if (!s.destroyed && s.writable) s.write(ch);
}, 500);

let peakRss = 0;
const probe = new Agent({ keepAlive: true, maxSockets: 1 });
const probeInit = await post(probe, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "probe", version: "0" } } });
const sampler = setInterval(async () => {
  try {
    const r = await post(probe, { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "memory", arguments: {} } }, probeInit.session);
    peakRss = Math.max(peakRss, (JSON.parse(r.text).result.structuredContent as { rss: number }).rss);
  } catch {
    /* sampled again next tick */
  }
}, 500);

await new Promise((r) => setTimeout(r, 1_000)); // let the slow connections pile up first
const latencies: number[] = [];
let failed = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: CLIENTS }, async (_, c) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const init = await post(agent, { jsonrpc: "2.0", id: 0, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: `load-${c}`, version: "0" } } });
      for (let i = 1; i <= CALLS; i++) {
        const t = performance.now();
        try {
          const r = await post(agent, { jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "echo", arguments: { text: `c${c} #${i}` } } }, init.session);
          if (r.status === 200 && r.text.includes(`c${c} #${i}`)) latencies.push(performance.now() - t);
          else failed++;
        } catch {
          failed++;
        }
      }
    } catch {
      failed += CALLS;
    } finally {
      agent.destroy();
    }
  }),
);
const elapsed = performance.now() - started;
stopping = true;
clearInterval(dripper);
clearInterval(sampler);
for (const s of slow) s.destroy();
probe.destroy();
await server.stop();

latencies.sort((a, b) => a - b);
const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
console.log(`${CLIENTS} clients × ${CALLS} echo calls over HTTP with ${SLOW} slow connections open (header deadline ${HEADERS_MS} ms)`);
console.log(`answered ${latencies.length} of ${CLIENTS * CALLS} (${failed} failed) in ${(elapsed / 1000).toFixed(1)} s`);
console.log(`latency p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms; server peak RSS ${(peakRss / 1048576).toFixed(0)} MiB; slow connections closed by the server ${slowClosedByServer}`);
if (failed > 0) process.exitCode = 1;
