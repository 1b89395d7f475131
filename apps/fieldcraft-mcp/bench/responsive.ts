// How long `ping` waits while the server works, and how fast a cancellation stops the work: the built server
// (engine in a worker thread) against the same tools with the engine on the protocol's thread
// (bench/inline-server.ts), in one run. Reports only, never assertions.
//   pnpm exec tsx bench/responsive.ts                     a ~1.15M-element C3D4 mesh, a C3D10 solve, a 1000-step probe batch
//   BENCH_MESH_SIZE=0.55 BENCH_SOLVE_SIZE=1.6 BENCH_PROBE_NODES=20 to scale (element size in mm of the stepped block)
import { fileURLToPath } from "node:url";
import { RawDriver } from "@mcp-wrappers/mcp-core/testing";
import { cancelLatency, pingsDuring, progressOf, startCall, until } from "../tests/support/responsiveness.js";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const inline = fileURLToPath(new URL("./inline-server.ts", import.meta.url));
const MESH_SIZE = Number(process.env.BENCH_MESH_SIZE ?? 0.55);
const SOLVE_SIZE = Number(process.env.BENCH_SOLVE_SIZE ?? 1.6);
const PROBE_NODES = Number(process.env.BENCH_PROBE_NODES ?? 20);
const CANCEL_AFTER_MS = Number(process.env.BENCH_CANCEL_AFTER_MS ?? 300);
/** BENCH_ONLY=batch (or mesh, solve): run only that work. */
const ONLY = process.env.BENCH_ONLY;

interface Variant {
  name: string;
  spawn(): RawDriver;
}

const VARIANTS: Variant[] = [
  { name: "inline", spawn: () => RawDriver.spawn({ command: process.execPath, args: ["--import", "tsx", inline], env: { ...process.env, FIELDCRAFT_RECOVERY_DIR: "" } }) },
  { name: "worker", spawn: () => RawDriver.spawn({ command: process.execPath, args: [cli, "--autosave-seconds", "0"] }) },
];

const meshArgs = (size: number, order: 1 | 2) => ({ method: "tet", params: { body: "Steps", size, order } });
const probeBatch = () => ({
  // The same nodes in every step, as tests/integration/responsive.test.ts asks (40 nodes: a ~30 MB reply).
  commands: Array.from({ length: 1000 }, () => ({ command: "solve.probe", params: { nodes: Array.from({ length: PROBE_NODES }, (_, k) => 1 + k) } })),
});

async function ok(driver: RawDriver, name: string, args: Record<string, unknown>): Promise<void> {
  const reply = (await driver.request({ method: "tools/call", params: { name, arguments: args } }, 900_000)) as { result?: { isError?: boolean; content?: { text?: string }[] } };
  if (reply.result?.isError !== false && reply.result?.isError !== undefined) throw new Error(`${name} failed: ${reply.result?.content?.[0]?.text?.slice(0, 400)}`);
  if (reply.result === undefined) throw new Error(`${name} failed: ${JSON.stringify(reply).slice(0, 400)}`);
}

type Row = { work: string; variant: string; workMs: number; median: number; p95: number; max: number; pings: number; cancelMs: number };

async function measure(variant: Variant): Promise<Row[]> {
  const driver = variant.spawn();
  const rows: Row[] = [];
  try {
    await driver.initialize("2025-06-18", 60_000);
    await ok(driver, "execute", { command: "file.sample", params: { name: "stepped-block" } });
    const solvedSmall = async () => {
      await ok(driver, "mesh", meshArgs(2.5, 1));
      await ok(driver, "solve", { analysis: "static" });
    };
    const works: [string, () => Promise<void>, string, () => Record<string, unknown>][] = [
      [`mesh C3D4 size ${MESH_SIZE}`, async () => undefined, "mesh", () => meshArgs(MESH_SIZE, 1)],
      [`solve.static C3D10 size ${SOLVE_SIZE}`, () => ok(driver, "mesh", meshArgs(SOLVE_SIZE, 2)), "solve", () => ({ analysis: "static" })],
      // The cancelled solve left no results: a small solved model to probe.
      [`batch 1000 x solve.probe (${PROBE_NODES} nodes)`, solvedSmall, "batch", probeBatch],
    ];
    for (const [work, prepare, tool, args] of works) {
      if (ONLY !== undefined && ONLY !== tool) continue;
      await prepare();
      // A batch's pings count until its reply's first bytes arrive (after that they queue behind megabytes in the pipe).
      const pinged = startCall(driver, tool, args(), `${tool}-pinged`);
      // A batch is timed from its first step: reading and checking its 1000-step request is the protocol's own work.
      if (tool === "batch") await until(() => progressOf(driver, `${tool}-pinged`).length > 0);
      const pings = await pingsDuring(driver, pinged, 20, tool === "batch" ? `${tool}-pinged` : undefined);
      const replyChars = driver.rawOf(await pinged)?.length ?? 0;
      if (tool === "batch") console.error(`  ${variant.name}: the batch's reply is ${(replyChars / 1e6).toFixed(1)} M characters`);
      await prepare();
      const cancel = await cancelLatency(driver, tool, args(), `${tool}-cancelled`, CANCEL_AFTER_MS);
      rows.push({ work, variant: variant.name, workMs: pings.workMs, median: pings.median, p95: summaryP95(pings.latencies), max: pings.max, pings: pings.latencies.length, cancelMs: cancel.ms });
      console.error(`  ${variant.name}: ${work} done`);
    }
  } finally {
    await driver.close(10_000);
  }
  return rows;
}

function summaryP95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))] ?? Number.NaN;
}

const f = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "n/a");
const rows: Row[] = [];
for (const variant of VARIANTS) rows.push(...(await measure(variant)));
console.log("| work | engine | work ms | pings | ping median ms | ping p95 ms | ping max ms | cancel → next call answered ms |");
console.log("|---|---|---|---|---|---|---|---|");
for (const r of rows) console.log(`| ${r.work} | ${r.variant} | ${f(r.workMs)} | ${r.pings} | ${f(r.median)} | ${f(r.p95)} | ${f(r.max)} | ${f(r.cancelMs)} |`);
for (const work of new Set(rows.map((r) => r.work))) {
  const [a, b] = [rows.find((r) => r.work === work && r.variant === "inline")!, rows.find((r) => r.work === work && r.variant === "worker")!];
  console.log(`${work}: longest ping wait inline/worker ${(a.max / b.max).toFixed(1)}x, cancellation inline/worker ${(a.cancelMs / b.cancelMs).toFixed(1)}x`);
}
