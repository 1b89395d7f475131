// Per-command cost over the control channel against the same command in-process, in one run.
// Prints a table of medians and the bridged/headless ratio; a report, never an assertion.
import { spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { ControlClient, generateToken } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));

interface Runner {
  run(command: string, params: Record<string, unknown>): Promise<unknown>;
}

const SETUP: [string, Record<string, unknown>][] = [
  ["model.units", { system: "mm-t-s-N-MPa" }],
  ["model.set.create", { name: "all", geometry: [{ body: "Steps" }] }],
  ["model.set.create", { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }] }],
  ["model.set.create", { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }] }],
  ["model.material.create", { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 } }],
  ["model.section.create", { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } }],
  ["model.boundary_condition.create", { name: "clamp", type: "fixed", target: { set: "root" } }],
  ["model.load.create", { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -1000] }],
  ["model.step.create", { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] }],
];

/** Command, params, repetitions: cheap queries many times, the heavy ones a few. */
const MEASURED: [string, Record<string, unknown>, number][] = [
  ["model.info", {}, 200],
  ["geometry.bodies", {}, 100],
  ["model.check", {}, 100],
  ["model.units", { system: "mm-t-s-N-MPa" }, 100],
  ["mesh.tet.generate", { body: "Steps", tolerance: 0.5 }, 5],
  ["solve.static", { step: "Load" }, 3],
  ["results.contour", { step: "Load", field: "displacement" }, 20],
  ["solve.probe", { step: "Load", nodes: [1, 2, 3] }, 100],
  ["results.reactions", { step: "Load" }, 50],
];

async function prepare(runner: Runner, design: string): Promise<void> {
  await runner.run("geometry.open", { path: design });
  await runner.run("mesh.tet.generate", { body: "Steps", tolerance: 0.5 });
  for (const [command, params] of SETUP) await runner.run(command, params);
  await runner.run("solve.static", { step: "Load" });
}

async function median(runner: Runner, command: string, params: Record<string, unknown>, times: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await runner.run(command, params);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-control-bench-"));
  const design = join(dir, "steps.solidcraft");
  await writeFile(design, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies: [{ name: "Steps", features: [
    { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
    { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
  ] }] }));

  const session = createSession();
  const headless: Runner = {
    async run(command, params) {
      const o = await session.execute(command, params);
      if (!o.ok) throw new Error(`${command}: ${o.error}`);
      return o.result;
    },
  };

  const token = generateToken();
  const child = spawn(process.execPath, [join(here, "serve-engine.mjs"), token], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once("data", (d) => resolve(Number(String(d).trim())));
    child.once("exit", () => reject(new Error("the bench server exited")));
  });
  const connected = await ControlClient.connect({ host: "127.0.0.1", port, token });
  if (!connected.ok) throw new Error(connected.error);
  const client = connected.client;
  const bridged: Runner = {
    async run(command, params) {
      const o = await client.call(command, params);
      if (!o.ok) throw new Error(`${command}: ${o.error}`);
      return o.result;
    },
  };

  await prepare(headless, design);
  await prepare(bridged, design);
  const pingHeadless = await median({ run: async () => session.catalogue() }, "catalogue", {}, 50);
  const ping = await median(bridged, "describe", {}, 500);

  const rows: string[][] = [["command", "runs", "headless ms", "bridged ms", "bridged/headless"]];
  rows.push(["describe (channel round trip)", "500", pingHeadless.toFixed(3) + " (catalogue)", ping.toFixed(3), "-"]);
  for (const [command, params, times] of MEASURED) {
    // Interleave so that machine load drifts hit both sides alike.
    const h = await median(headless, command, params, times);
    const b = await median(bridged, command, params, times);
    rows.push([command, String(times), h.toFixed(3), b.toFixed(3), (b / h).toFixed(2)]);
  }
  process.stdout.write("Control channel cost: the same engine commands in-process and over loopback TCP to a served session in another process (medians).\n");
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) process.stdout.write(r.map((c, i) => c.padEnd(widths[i])).join("  ") + "\n");
  client.close();
  child.kill();
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack ?? err}\n`);
  process.exitCode = 1;
});
