#!/usr/bin/env node
import { provideHttpAuth, routeConsoleToStderr, runHttp, serveStdio } from "@mcp-wrappers/mcp-core";
import { resolveConfig, startupLine } from "./cli/resolve-config.js";
import { USAGE } from "./cli/usage.js";
import { FzRunner } from "./runner/fz-runner.js";
import { fzServer, SERVER_VERSION } from "./server.js";

// stdout is the protocol's alone; `--help` writes its usage there through process.stdout directly.
routeConsoleToStderr();

const outcome = resolveConfig(process.argv.slice(2), process.env);
if (outcome.kind === "help") {
  process.stdout.write(USAGE);
  process.exitCode = 0;
} else if (outcome.kind === "version") {
  process.stdout.write(`fz-mcp ${SERVER_VERSION}\n`);
  process.exitCode = 0;
} else if (outcome.kind === "refuse") {
  process.stderr.write(`fz-mcp: ${outcome.message}\n${USAGE}\n`);
  process.exitCode = 2;
} else {
  const config = outcome.config;
  const auth = config.http === undefined ? undefined : provideHttpAuth({ ...config.http, name: "fz-mcp" });
  if (auth !== undefined && "error" in auth) {
    process.stderr.write(`fz-mcp: ${auth.error}\n`);
    process.exit(2);
  }
  const runner = new FzRunner(config);
  // Last resort: whatever ends this process takes its fz children with it.
  process.on("exit", () => runner.killAll());
  process.stderr.write(`${startupLine(config)}\n`);
  if (auth?.notice !== undefined) process.stderr.write(auth.notice + "\n");
  const server = fzServer(config, runner);
  // Over HTTP every client shares the one definition: fz calls hold no state between them.
  // A closed stdin ends the server within 2 s: a call still running after 1.5 s is cancelled (its fz tree killed).
  if (config.http === undefined) await serveStdio(server, { diagnosticName: "fz-mcp", eofGraceMs: 1_500 });
  else await runHttp(server, { ...config.http.address, token: auth?.token, unauthenticated: auth?.unauthenticated, diagnosticName: "fz-mcp" });
}
