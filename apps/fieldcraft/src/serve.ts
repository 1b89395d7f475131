// Starting the app: an engine session with the window's commands in a worker thread, the control server on loopback, the
// port file, recovery autosaves, and a clean stop on SIGINT/SIGTERM (the port file and the autosave go with it).
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import {
  defaultPortFilePath,
  generateToken,
  readTokenFile,
  removePortFile,
  startControlServer,
  startSessionWorker,
  workerSession,
  writePortFile,
  type ControlLimits,
  type ControlServer,
} from "@mcp-wrappers/fieldcraft-control";
import type { AppOptions } from "./cli/options.js";
import { APP_NAME, APP_VERSION } from "./identity.js";
import { appCatalogue } from "./session/app-session.js";
import { APP_COMMANDS } from "./session/commands.js";
import { MirroredState } from "./session/mirrored-state.js";
import { startViewServer, type ViewServer } from "./view/server.js";
import type { AppWorkerInit } from "./worker/init.js";

/** The engine worker's script, built beside the app's (dist/session-worker.js). */
const WORKER_ENTRY = new URL("./session-worker.js", import.meta.url);

export interface RunningApp {
  server: ControlServer;
  portFile: string;
  /** The web viewer, with `--view`. */
  view: ViewServer | null;
  stop(): Promise<void>;
}

export async function startApp(
  options: AppOptions,
  log: (line: string) => void,
  limits?: Partial<ControlLimits>,
): Promise<{ ok: true; app: RunningApp } | { ok: false; error: string }> {
  let token: string | null = null;
  if (!options.noAuth) {
    if (options.tokenFile !== undefined) {
      const read = await readTokenFile(options.tokenFile);
      if (!read.ok) return read;
      token = read.token;
    } else token = generateToken();
  }

  // The engine session runs in a worker thread (src/worker/entry.ts), so this thread keeps the channel: describe,
  // cancel and the viewer's pages are served during a long mesh or solve, and a cancel reaches the work at once.
  const mirror = new MirroredState();
  const worker = startSessionWorker({
    entry: WORKER_ENTRY,
    workerData: { autosaveSeconds: options.autosaveSeconds, scene: options.viewPort !== undefined } satisfies AppWorkerInit,
    note: log,
    onMirror: (state) => mirror.update(state),
  });
  try {
    await worker.ready();
  } catch (err) {
    await worker.close();
    return { ok: false, error: (err as Error).message };
  }
  // The catalogue is static: known here from a session that never runs a command, so the channel answers it at once.
  const session = workerSession(worker, appCatalogue(createSession({ commands: APP_COMMANDS }).catalogue()));
  const started = await startControlServer({
    session,
    app: { name: APP_NAME, version: APP_VERSION, ui: true },
    host: options.host,
    port: options.port,
    token,
    ...(limits ? { limits } : {}),
    describeExtra: () => mirror.describe(),
    log,
  });
  if (!started.ok) {
    await worker.close();
    return started;
  }
  const server = started.server;

  const portFile = options.portFile ?? defaultPortFilePath(server.port);
  try {
    await writePortFile(portFile, { port: server.port, token, pid: process.pid, host: server.host }, options.portFile === undefined);
  } catch (err) {
    await server.close();
    await worker.close();
    return { ok: false, error: `cannot write the port file ${portFile}: ${(err as Error).message}` };
  }
  const where = server.host.includes(":") ? `[${server.host}]:${server.port}` : `${server.host}:${server.port}`;
  log(`control channel listening on ${where} (port file ${portFile}; ${token === null ? "NO authentication: --control-no-auth" : "token required"})`);

  let view: ViewServer | null = null;
  if (options.viewPort !== undefined) {
    const viewed = await startViewServer({ mirror, session, host: server.host, port: options.viewPort, log });
    if (!viewed.ok) {
      await removePortFile(portFile);
      await server.close();
      await worker.close();
      return viewed;
    }
    view = viewed.server;
    log(`viewer: open ${view.url} (loopback only; the token is this page's own)`);
  }

  let stopping: Promise<void> | null = null;
  return {
    ok: true,
    app: {
      server,
      portFile,
      view,
      stop: () =>
        (stopping ??= (async () => {
          await view?.close();
          await removePortFile(portFile);
          await server.close();
          // A clean stop leaves nothing in the recovery folder (the worker's session removes its autosave).
          await worker.close();
        })()),
    },
  };
}
