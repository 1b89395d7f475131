// The official MCP conformance suite (pinned in mcp-core's devDependencies) against fz-mcp --http.
import { runOfficialConformance } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

// fz-mcp serves tools only: every scenario that needs more is registered skipped with what it needs.
runOfficialConformance(
  { server: () => ({ command: process.execPath, args: [CLI, "--cwd", tempDir("venture-conf-"), "--http", "127.0.0.1:0", "--http-no-auth", "--", process.execPath, FAKE_FZ] }) },
  { describe, test, beforeAll, afterAll },
);
