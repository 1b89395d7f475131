// The official MCP conformance suite (pinned in mcp-core's devDependencies) against fieldcraft-mcp --http.
import fs from "node:fs";
import { runOfficialConformance } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, test } from "vitest";
import { BIN, tempDir } from "./helpers.js";

// fieldcraft-mcp has tools and resources; the scenarios that need anything else say what.
let dir = "";
runOfficialConformance(
  {
    server: () => ({ command: process.execPath, args: [BIN, "--http", "127.0.0.1:0", "--http-no-auth"], cwd: (dir = tempDir("fc-mcp-conf-")) }),
    offers: ["resources"],
    cleanup: () => fs.rmSync(dir, { recursive: true, force: true }),
  },
  { describe, test, beforeAll, afterAll },
);
