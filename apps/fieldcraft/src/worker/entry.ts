// The app's engine worker: the engine session with the window's commands (ui.capture, picking, pictures to
// capture_path) runs here, so the control channel's thread only moves messages: `describe`, `cancel` and the
// viewer's pages are served while a mesh or a solve runs. The message loop is the control package's.
import { workerData } from "node:worker_threads";
import { executeCall, noteToHost, serveInWorker } from "@mcp-wrappers/fieldcraft-control";
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { Activity } from "../session/activity.js";
import { createAppSession } from "../session/app-session.js";
import { APP_COMMANDS } from "../session/commands.js";
import type { AppWorkerInit } from "./init.js";
import { appMirror } from "./mirror.js";

const init = workerData as AppWorkerInit;

// FIELDCRAFT_CHECK_RESULTS=1 (the tests): every command result is checked against its declared schema.
const engine = createSession({
  commands: APP_COMMANDS,
  recovery: { autosaveSeconds: init.autosaveSeconds, onError: noteToHost },
  checkResults: process.env.FIELDCRAFT_CHECK_RESULTS === "1",
});
// Every command's stderr line goes through the main thread's log.
const activity = new Activity(noteToHost);
const session = createAppSession(engine, activity);

serveInWorker({
  calls: { execute: executeCall(session) },
  // A clean stop leaves nothing in the recovery folder.
  close: () => engine.close(),
  mirror: appMirror(engine, activity, init.scene),
});
