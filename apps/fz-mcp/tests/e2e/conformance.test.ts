import { runConformance } from "@mcp-wrappers/mcp-core/testing";
import { describe, test } from "vitest";
import { CLI, FAKE_FZ_COMMAND, tempDir } from "../support/fixtures.js";

// mcp-core's conformance suite against the built fz-mcp: batches refused, invalid arguments as an
// isError result (the mcp-argument-invalid envelope). The slow tool is fz_plan over a fake fz that
// takes 1.2 s, so cancellation and shutdown are proven on a real child process, and a call running at
// EOF still finishes inside the server's 1.5 s grace (a longer one is cut: tests/e2e/hostile-fz.test.ts).
describe("fz-mcp passes the mcp-core conformance suite", () => {
  const venture = tempDir("conformance-");
  const env: NodeJS.ProcessEnv = { ...process.env, FAKE_FZ_MODE: "echo-argv", FAKE_FZ_DELAY_MS: "1200" };
  for (const key of ["FZ_MCP_CWD", "FZ_MCP_COMMAND", "FZ_MCP_TIMEOUT_SECS"]) delete env[key];
  runConformance(
    {
      command: process.execPath,
      args: [CLI, "--cwd", venture, "--", ...FAKE_FZ_COMMAND],
      env,
      batch: false,
      sampleTool: { name: "fz_error_codes" },
      structuredTool: { name: "fz_error_codes" },
      slowTool: { name: "fz_plan", arguments: {}, durationMs: 1_200, reportsProgress: false },
      invalidArguments: { policy: "tool-result", name: "fz_add", arguments: { module: "-h" }, mentions: "`module`" },
      hugeLineBytes: 128 * 1024 * 1024,
      pingWhileBusyMs: 250,
      timeoutMs: 60_000,
    },
    { describe, test },
  );
});
