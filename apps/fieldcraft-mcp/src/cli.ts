#!/usr/bin/env node
// fieldcraft-mcp: flags → roots → backend → server on stdio. stdout is the protocol's alone.
import { provideHttpAuth, runHttp, serveStdio } from "@mcp-wrappers/mcp-core";
import { parseOptions, USAGE } from "./cli/options.js";
import { resolveRoots } from "./cli/roots.js";
import { hostPathStyle } from "./confinement/index.js";
import { openBackend } from "./backend/open.js";
import { ENGINE_NAME, headlessCatalogue } from "./backend/headless.js";
import { startWorkerBackend, type WorkerBackendOptions } from "./backend/worker/host.js";
import type { CommandInfo } from "./backend/types.js";
import { connectBridgedBackend } from "./backend/bridged/index.js";
import { fieldcraftServer, SERVER_VERSION } from "./server/define.js";
import { startupNote } from "./cli/startup-note.js";

// Nothing but protocol messages may reach stdout, whatever a library logs.
console.log = console.error;
console.info = console.error;
console.debug = console.error;

function fail(message: string): never {
  process.stderr.write(`fieldcraft-mcp: ${message}\n`);
  process.exit(2);
}

async function main(argv: readonly string[]): Promise<void> {
  const parsed = parseOptions(argv);
  if (parsed.kind === "help") {
    process.stdout.write(USAGE);
    return;
  }
  if (parsed.kind === "version") {
    process.stdout.write(`fieldcraft-mcp ${SERVER_VERSION}\n`);
    return;
  }
  if (parsed.kind === "error") fail(parsed.error);
  const cwd = process.cwd();
  const style = hostPathStyle();
  const roots = resolveRoots(parsed.options, cwd, style);
  if (!roots.ok) fail(roots.error);
  // The engine runs in a worker thread that builds the same confinement from the roots (src/backend/worker).
  const note = (message: string) => process.stderr.write(`fieldcraft-mcp: ${message}\n`);
  let catalogue: CommandInfo[] | undefined;
  const startHeadless = (extra: Partial<WorkerBackendOptions>) =>
    startWorkerBackend({ roots: roots.roots, cwd, version: SERVER_VERSION, note, catalogue: (catalogue ??= headlessCatalogue()), ...extra });
  const http = parsed.options.http;
  if (http !== undefined) {
    const auth = provideHttpAuth({ address: http.address, tokenFile: http.tokenFile, noAuth: http.noAuth, name: "fieldcraft-mcp" });
    if ("error" in auth) fail(auth.error);
    // Every client session gets its own engine, bounded in memory; all of them are confined alike.
    const caps = { maxMemoryBytes: http.sessionMemoryBytes, maxUndoBytes: Math.floor(http.sessionMemoryBytes / 2) };
    const describe = { kind: "headless", name: ENGINE_NAME, version: SERVER_VERSION, hasUi: false } as const;
    process.stderr.write(`fieldcraft-mcp: ${startupNote(describe, roots.roots).replace("serving a headless session", `serving up to ${http.maxSessions} headless sessions over HTTP`)}\n`);
    if (auth.notice !== undefined) process.stderr.write(auth.notice + "\n");
    await runHttp(
      {
        openSession: async () => {
          const backend = startHeadless({ caps });
          return { definition: await fieldcraftServer(backend), close: () => backend.close() };
        },
      },
      // Full: the least recently used idle session makes room (an abandoned agent cannot lock the server for 30 minutes).
      { ...http.address, token: auth.token, unauthenticated: auth.unauthenticated, maxSessions: http.maxSessions, diagnosticName: "fieldcraft-mcp" },
    );
    return;
  }
  const backend = await openBackend(parsed.options, {
    startHeadless: async ({ autosaveSeconds }) => startHeadless({ autosaveSeconds }),
    connectBridged: (target) => connectBridgedBackend(target),
    note,
  });
  process.stderr.write(`fieldcraft-mcp: ${startupNote(backend.describe(), roots.roots)}\n`);
  // A closed stdin ends the server within 2 s whatever runs: calls still running after 0.5 s are cancelled, and the
  // engine's worker, if it does not stop by itself, is ended a second later (its close grace).
  await serveStdio(await fieldcraftServer(backend), { diagnosticName: "fieldcraft-mcp", eofGraceMs: 500 });
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`fieldcraft-mcp: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
