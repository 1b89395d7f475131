#!/usr/bin/env node
import { routeConsoleToStderr, serveStdio } from "@mcp-wrappers/mcp-core";
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
  const runner = new FzRunner(outcome.config);
  // Last resort: whatever ends this process takes its fz children with it.
  process.on("exit", () => runner.killAll());
  process.stderr.write(`${startupLine(outcome.config)}\n`);
  await serveStdio(fzServer(outcome.config, runner), { diagnosticName: "fz-mcp" });
}
