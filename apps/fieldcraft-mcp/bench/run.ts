// What the MCP layer costs per engine command, and what confinement costs per path, as ratios measured in one run.
//  1. `execute model.activity` through the built server (one JSON-RPC line each way) against the same command on
//     an in-process engine session: the wire, dispatch, validation and queue overhead.
//  2. A confined path check against a plain fs.realpathSync of the same path: the price of walking per component.
//  3. tools/list: its bytes per tool, and the SDK Client's listTools (which compiles every outputSchema) against a
//     ping on the same connection.
// Rounds alternate so machine load affects both sides alike; medians are reported. Reports only, never assertions.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { RawDriver } from "@mcp-wrappers/mcp-core/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { checkAccess, nodeFsProbe, POSIX, WIN32 } from "../src/confinement/index.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function commandOverhead(): Promise<void> {
  const session = createSession();
  const driver = RawDriver.spawn({ command: process.execPath, args: [cli] });
  await driver.initialize("2025-06-18");
  const viaMcp: number[] = [];
  const inProcess: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = process.hrtime.bigint();
    const reply = await driver.request({ method: "tools/call", params: { name: "execute", arguments: { command: "model.activity" } } });
    viaMcp.push(ms(t0));
    if (reply.result?.isError) throw new Error(`the bench call failed: ${JSON.stringify(reply)}`);
    t0 = process.hrtime.bigint();
    await session.execute("model.activity", {});
    inProcess.push(ms(t0));
  }
  await driver.close();
  const [a, b] = [median(viaMcp), median(inProcess)];
  console.log(`execute model.activity: through MCP ${a.toFixed(3)} ms, in-process ${b.toFixed(3)} ms (median of ${ROUNDS}); ratio ${(a / Math.max(b, 1e-6)).toFixed(1)}x, added ${(a - b).toFixed(3)} ms`);
}

function confinementCost(): void {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "fc-mcp-bench-")));
  const deep = path.join(base, "a", "b", "c", "d", "e");
  fs.mkdirSync(deep, { recursive: true });
  fs.writeFileSync(path.join(deep, "model.fieldcraft"), "{}");
  const file = path.join(deep, "model.fieldcraft");
  const env = { cwd: base, fs: nodeFsProbe, style: process.platform === "win32" ? WIN32 : POSIX };
  const roots = { read: base, write: base };
  const N = ROUNDS * 50;
  const checked: number[] = [];
  const plain: number[] = [];
  for (let round = 0; round < 5; round++) {
    let t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) if (!checkAccess("read", file, roots, env).ok) throw new Error("refused");
    checked.push(ms(t0) / N);
    t0 = process.hrtime.bigint();
    for (let i = 0; i < N; i++) fs.realpathSync.native(file);
    plain.push(ms(t0) / N);
  }
  fs.rmSync(base, { recursive: true, force: true });
  const [a, b] = [median(checked), median(plain)];
  console.log(`path check (7 components): confined ${(a * 1000).toFixed(1)} µs, plain realpath ${(b * 1000).toFixed(1)} µs; ratio ${(a / b).toFixed(1)}x`);
}

async function toolsList(): Promise<void> {
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli], stderr: "ignore" }));
  const listing: number[] = [];
  const pings: number[] = [];
  let tools: { name: string }[] = [];
  for (let i = 0; i < 20; i++) {
    let t0 = process.hrtime.bigint();
    tools = (await client.listTools()).tools;
    listing.push(ms(t0));
    t0 = process.hrtime.bigint();
    await client.ping();
    pings.push(ms(t0));
  }
  await client.close();
  const sizes = tools.map((t) => [t.name, JSON.stringify(t).length] as const).sort((a, b) => b[1] - a[1]);
  const total = JSON.stringify({ tools }).length;
  console.log(`tools/list: ${total} bytes for ${tools.length} tools (largest: ${sizes.slice(0, 4).map(([n, b]) => `${n} ${b}`).join(", ")})`);
  const [a, b] = [median(listing), median(pings)];
  console.log(`SDK Client listTools ${a.toFixed(2)} ms, ping ${b.toFixed(2)} ms (median of 20); ratio ${(a / b).toFixed(1)}x`);
}

await commandOverhead();
confinementCost();
await toolsList();
