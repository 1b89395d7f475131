// Support for the bridged tests: the real `fieldcraft` app spawned on a free loopback port.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const APP_CLI = resolve(here, "../../fieldcraft/dist/cli.js");
export const MCP_CLI = resolve(here, "../dist/cli.js");

export interface RunningApp {
  child: ChildProcess;
  dir: string;
  port: number;
  portFile: string;
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/** Starts the app; with `defaultPortFile` it writes its port file where `--connect` looks for it. */
export async function startFieldcraft(options: { defaultPortFile?: boolean } = {}): Promise<RunningApp> {
  const dir = await mkdtemp(join(tmpdir(), "fieldcraft-bridged-"));
  const args = [APP_CLI, "--control", "0", ...(options.defaultPortFile ? [] : ["--control-port-file", join(dir, "port.json")])];
  const child = spawn(process.execPath, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, FIELDCRAFT_CHECK_RESULTS: "1" } });
  let err = "";
  child.stderr!.on("data", (d) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on("exit", (code, signal) => res({ code, signal })));
  const { port, portFile } = await new Promise<{ port: number; portFile: string }>((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`the app did not start: ${err}`)), 30_000);
    const check = () => {
      const m = /listening on [^\s]*:(\d+) \(port file (.+?);/.exec(err);
      if (m) {
        clearTimeout(timer);
        res({ port: Number(m[1]), portFile: m[2] });
      }
    };
    child.stderr!.on("data", check);
    exited.then(() => rej(new Error(`the app exited: ${err}`)));
  });
  await readFile(portFile, "utf8");
  return {
    child,
    dir,
    port,
    portFile,
    stderr: () => err,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

export async function writeSteps(dir: string): Promise<string> {
  const path = join(dir, "steps.solidcraft");
  const bodies = [{ name: "Steps", features: [
    { id: "F1", type: "box", min: [0, 0, 0], max: [100, 20, 10] },
    { id: "F2", type: "box", min: [0, 0, 10], max: [50, 20, 20] },
  ] }];
  await writeFile(path, JSON.stringify({ format: "solidcraft/1", units: "mm", bodies }));
  return path;
}

export { SEED_BATCH } from "./support/seed-session.js";
