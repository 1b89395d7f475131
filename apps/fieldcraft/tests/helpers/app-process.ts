// Spawns the built `fieldcraft` binary on a free loopback port with its port file in a temp folder.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { connectToApp, type ControlClient } from "@mcp-wrappers/fieldcraft-control";

export const APP_CLI = resolve(dirname(fileURLToPath(import.meta.url)), "../../dist/cli.js");

export interface AppProcess {
  child: ChildProcess;
  dir: string;
  port: number;
  token: string | null;
  portFile: string;
  stderr(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startApp(extraArgs: string[] = [], options: { portFile?: string; env?: NodeJS.ProcessEnv } = {}): Promise<AppProcess> {
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-app-"));
  const portFile = options.portFile ?? join(dir, "port.json");
  const child = spawn(process.execPath, [APP_CLI, "--control", "0", "--control-port-file", portFile, ...extraArgs], {
    stdio: ["ignore", "ignore", "pipe"],
    // Autosaves of test apps go to their temp folder, never the user's recovery folder.
    env: options.env ?? { ...process.env, FIELDCRAFT_RECOVERY_DIR: join(dir, "recovery") },
  });
  let err = "";
  child.stderr!.on("data", (d) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on("exit", (code, signal) => res({ code, signal })));
  const port = await new Promise<number>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the app did not start: ${err}`)), 30_000);
    const check = () => {
      const m = /listening on [^\s]*:(\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        res(Number(m[1]));
      }
    };
    child.stderr!.on("data", check);
    exited.then(() => rej(new Error(`the app exited: ${err}`)));
  });
  const file = JSON.parse(await readFile(portFile, "utf8"));
  return { child, dir, port, token: file.token, portFile, stderr: () => err, exited };
}

export async function stopApp(app: AppProcess): Promise<void> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill("SIGTERM");
  await app.exited;
}

/** Runs the binary to completion (for flag errors). */
export function runApp(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [APP_CLI, ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "", stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("exit", (code) => res({ code, stdout, stderr }));
  });
}

/** The stepped block of the seed's typical session, as a design file in `dir`. */
export async function writeSteps(dir: string): Promise<string> {
  const path = join(dir, "steps.solidcraft");
  const design = {
    format: "solidcraft/1",
    units: "mm",
    bodies: [
      {
        name: "Steps",
        features: [
          { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
          { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
        ],
      },
    ],
  };
  await writeFile(path, JSON.stringify(design, null, 2));
  return path;
}

/** The set-up batch exactly as the seed writes it. */
export const SEED_BATCH = [
  { command: "model.units", params: { system: "mm-t-s-N-MPa" } },
  { command: "model.set.create", params: { name: "all", geometry: [{ body: "Steps" }] } },
  { command: "model.set.create", params: { name: "root", geometry: [{ body: "Steps", face: "F1:-x" }] } },
  { command: "model.set.create", params: { name: "tip", geometry: [{ body: "Steps", face: "F1:+x" }] } },
  { command: "model.material.create", params: { name: "Steel", elastic: { type: "isotropic", young: 210000, poisson: 0.3 }, density: 7.85e-9 } },
  { command: "model.section.create", params: { name: "solid", set: "all", material: "Steel", kind: { type: "solid" } } },
  { command: "model.boundary_condition.create", params: { name: "clamp", type: "fixed", target: { set: "root" } } },
  { command: "model.load.create", params: { name: "push", type: "force", target: { set: "tip" }, vector: [0, 0, -1000] } },
  { command: "model.step.create", params: { name: "Load", procedure: { type: "static" }, boundary_conditions: ["clamp"], loads: ["push"] } },
];

/** A spawned app with a connected control client, and `ok` that returns a call's result or throws its error. */
export interface ConnectedApp {
  app: AppProcess;
  client: ControlClient;
  ok(method: string, params?: Record<string, unknown>): Promise<any>;
}

export async function startConnectedApp(extraArgs: string[] = []): Promise<ConnectedApp> {
  const app = await startApp(extraArgs);
  const connected = await connectToApp({ host: "127.0.0.1", port: app.port, portFile: app.portFile });
  if (!connected.ok) {
    await stopApp(app);
    throw new Error(connected.error);
  }
  const client = connected.client;
  return {
    app,
    client,
    async ok(method, params = {}) {
      const r = await client.call(method, params);
      if (!r.ok) throw new Error(`${method}: ${r.error}`);
      return r.result;
    },
  };
}

export async function stopConnectedApp(s: ConnectedApp | undefined): Promise<void> {
  if (!s) return;
  s.client.close();
  await stopApp(s.app);
}
