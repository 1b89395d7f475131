// Starting the app: an engine session with the window's commands, the control server on loopback, the
// port file, recovery autosaves, and a clean stop on SIGINT/SIGTERM (the port file and the autosave go with it).
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import {
  defaultPortFilePath,
  generateToken,
  readTokenFile,
  removePortFile,
  startControlServer,
  writePortFile,
  type ControlLimits,
  type ControlServer,
} from "@mcp-wrappers/fieldcraft-control";
import type { AppOptions } from "./cli/options.js";
import { APP_NAME, APP_VERSION } from "./identity.js";
import { currentSelection, uiSelectCommand, uiSelectionCommand } from "@mcp-wrappers/fieldcraft-engine";
import { Activity } from "./session/activity.js";
import { createAppSession } from "./session/app-session.js";
import { uiSceneCommand } from "@mcp-wrappers/fieldcraft-viewer";
import { startViewServer, type ViewServer } from "./view/server.js";

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

  // FIELDCRAFT_CHECK_RESULTS=1 (the tests): every command result is checked against its declared schema.
  const engine = createSession({
    commands: [uiSelectCommand, uiSelectionCommand, uiSceneCommand],
    recovery: { autosaveSeconds: options.autosaveSeconds, onError: log },
    checkResults: process.env.FIELDCRAFT_CHECK_RESULTS === "1",
  });
  const activity = new Activity(log);
  const session = createAppSession(engine, activity);
  const started = await startControlServer({
    session,
    app: { name: APP_NAME, version: APP_VERSION, ui: true },
    host: options.host,
    port: options.port,
    token,
    ...(limits ? { limits } : {}),
    describeExtra: () => {
      const selection = currentSelection(engine.view());
      return {
        model: { file: engine.file() ?? null, digest: engine.digest() },
        view: {
          camera: engine.view().camera ?? null,
          selection: { geometry: selection.geometry.length, nodes: selection.nodes.length, elements: selection.elements.length, faces: selection.faces.length },
        },
        activity: activity.snapshot(),
      };
    },
    log,
  });
  if (!started.ok) return started;
  const server = started.server;

  const portFile = options.portFile ?? defaultPortFilePath(server.port);
  try {
    await writePortFile(portFile, { port: server.port, token, pid: process.pid, host: server.host }, options.portFile === undefined);
  } catch (err) {
    await server.close();
    return { ok: false, error: `cannot write the port file ${portFile}: ${(err as Error).message}` };
  }
  const where = server.host.includes(":") ? `[${server.host}]:${server.port}` : `${server.host}:${server.port}`;
  log(`control channel listening on ${where} (port file ${portFile}; ${token === null ? "NO authentication: --control-no-auth" : "token required"})`);

  let view: ViewServer | null = null;
  if (options.viewPort !== undefined) {
    const viewed = await startViewServer({ engine, session, host: server.host, port: options.viewPort, log });
    if (!viewed.ok) {
      await removePortFile(portFile);
      await server.close();
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
          // A clean stop leaves nothing in the recovery folder.
          await engine.close();
        })()),
    },
  };
}
