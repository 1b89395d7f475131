// The bridged side of the benchmark: an engine session served on the control channel in its own process,
// as the app does. Prints the port on stdout for the parent, then serves until killed.
import { createSession } from "@mcp-wrappers/fieldcraft-engine";
import { startControlServer } from "@mcp-wrappers/fieldcraft-control";

const started = await startControlServer({
  session: createSession(),
  app: { name: "bench-engine", version: "0", ui: false },
  port: 0,
  token: process.argv[2],
});
if (!started.ok) {
  process.stderr.write(started.error + "\n");
  process.exit(1);
}
process.stdout.write(`${started.server.port}\n`);
