/**
 * Requests per second and p50/p99 latency of `tools/call` (the echo tool) over Streamable HTTP:
 * our example server (`--http`) against the SDK's StreamableHTTPServerTransport doing the same
 * work, measured in one run (alternating rounds, medians kept) and printed as ratios.
 * The client is node:http with keep-alive, the same for both.
 */
import { existsSync } from "node:fs";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { HttpServerProcess } from "../src/testing/http-process.js";

const OURS = fileURLToPath(new URL("../dist/examples/echo-server.js", import.meta.url));
const SDK = fileURLToPath(new URL("./sdk-http-server.ts", import.meta.url));
if (!existsSync(OURS)) throw new Error(`build first: ${OURS} is missing`);

const SEQUENTIAL = Number(process.env.BENCH_HTTP_SEQUENTIAL ?? 2_000);
const CONCURRENT = Number(process.env.BENCH_HTTP_CONCURRENT ?? 10_000);
const WINDOW = 16;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CALL = { name: "echo", arguments: { text: "hello, benchmark" } };

const SERVERS = [
  // No token on either side: the SDK baseline has none, and the comparison is of the protocol path.
  { name: "mcp-core", command: process.execPath, args: [OURS, "--http=127.0.0.1:0", "--http-no-auth"] },
  { name: "sdk", command: process.execPath, args: ["--import", "tsx", SDK] },
] as const;

interface Measure {
  readonly p50: number;
  readonly p99: number;
  readonly seqRps: number;
  readonly concRps: number;
}

class HttpClient {
  readonly #url: URL;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: WINDOW });
  #session: string | undefined;
  #id = 0;

  constructor(url: string) {
    this.#url = new URL(url);
  }

  post(method: string, params?: unknown): Promise<string> {
    const body = JSON.stringify({ jsonrpc: "2.0", id: ++this.#id, method, params });
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "Content-Length": String(Buffer.byteLength(body)),
      "MCP-Protocol-Version": "2025-11-25",
    };
    if (this.#session !== undefined) headers["Mcp-Session-Id"] = this.#session;
    return new Promise((resolve, reject) => {
      const req = request(this.#url, { method: "POST", agent: this.#agent, headers }, (res) => {
        if (this.#session === undefined && typeof res.headers["mcp-session-id"] === "string") this.#session = res.headers["mcp-session-id"];
        let text = "";
        res.setEncoding("utf8").on("data", (c: string) => (text += c)).on("end", () => {
          if (res.statusCode !== 200 || !text.includes('"result"')) reject(new Error(`${res.statusCode}: ${text}`));
          else resolve(text);
        });
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

async function measure(client: HttpClient): Promise<Measure> {
  const latencies = new Float64Array(SEQUENTIAL);
  const seqStart = performance.now();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t = performance.now();
    await client.post("tools/call", CALL);
    latencies[i] = performance.now() - t;
  }
  const seqMs = performance.now() - seqStart;
  latencies.sort();
  let sent = 0;
  const concStart = performance.now();
  await Promise.all(
    Array.from({ length: WINDOW }, async () => {
      while (sent < CONCURRENT) {
        sent++;
        await client.post("tools/call", CALL);
      }
    }),
  );
  const concMs = performance.now() - concStart;
  return {
    p50: latencies[Math.floor(SEQUENTIAL * 0.5)]!,
    p99: latencies[Math.floor(SEQUENTIAL * 0.99)]!,
    seqRps: (SEQUENTIAL / seqMs) * 1000,
    concRps: (CONCURRENT / concMs) * 1000,
  };
}

async function round(): Promise<Map<string, Measure>> {
  const out = new Map<string, Measure>();
  for (const spec of SERVERS) {
    const server = await HttpServerProcess.spawn({ command: spec.command, args: spec.args });
    const client = new HttpClient(server.url);
    try {
      await client.post("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "bench", version: "0" } });
      for (let i = 0; i < 1_000; i++) await client.post("tools/call", CALL); // warm both JITs
      out.set(spec.name, await measure(client));
    } finally {
      client.close();
      await server.stop();
    }
  }
  return out;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const rounds: Array<Map<string, Measure>> = [];
for (let r = 0; r < ROUNDS; r++) rounds.push(await round());
const pick = (server: string, key: keyof Measure): number => median(rounds.map((r) => r.get(server)![key]));

const fmt = (n: number, digits = 0): string => n.toFixed(digits).padStart(9);
console.log(`\nmcp-core vs SDK StreamableHTTPServerTransport, tools/call echo over HTTP (medians of ${ROUNDS} rounds; ${SEQUENTIAL} sequential, ${CONCURRENT} with ${WINDOW} in flight)`);
console.log("server       seq rps   conc rps    p50 ms    p99 ms");
for (const s of SERVERS) {
  console.log(`${s.name.padEnd(9)}${fmt(pick(s.name, "seqRps"))}  ${fmt(pick(s.name, "concRps"))} ${fmt(pick(s.name, "p50"), 3)} ${fmt(pick(s.name, "p99"), 3)}`);
}
const ratio = (key: keyof Measure): string => (pick("mcp-core", key) / pick("sdk", key)).toFixed(2) + "x";
console.log(`ratios mcp-core / sdk: seq rps ${ratio("seqRps")}  conc rps ${ratio("concRps")}  p50 ${ratio("p50")}  p99 ${ratio("p99")} (rps: higher is better; latency: lower is better)`);
