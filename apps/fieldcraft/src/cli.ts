#!/usr/bin/env node
// `fieldcraft --control 7070`: serve an engine session on the control channel until stopped.
import { parseAppOptions, USAGE } from "./cli/options.js";
import { APP_NAME, APP_VERSION } from "./identity.js";
import { startApp } from "./serve.js";

const log = (line: string) => process.stderr.write(`${APP_NAME}: ${line}\n`);

async function main(): Promise<number | null> {
  const parsed = parseAppOptions(process.argv.slice(2));
  if (parsed.kind === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  if (parsed.kind === "version") {
    process.stdout.write(`${APP_NAME} ${APP_VERSION}\n`);
    return 0;
  }
  if (parsed.kind === "error") {
    log(parsed.error);
    return 2;
  }
  const started = await startApp(parsed.options, log);
  if (!started.ok) {
    log(started.error);
    return 1;
  }
  const stop = (signal: string) => {
    log(`${signal}: stopping`);
    // The stop cancels running work and ends a worker that does not stop within its grace (1 s); a client that keeps
    // its socket open does not hold the process past 2 s.
    setTimeout(() => process.exit(0), 1_900).unref();
    started.app.stop().then(() => process.exit(0));
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  return null;
}

main().then(
  (code) => {
    if (code !== null) process.exitCode = code;
  },
  (err: unknown) => {
    log(`fatal: ${(err as Error)?.stack ?? err}`);
    process.exitCode = 1;
  },
);
