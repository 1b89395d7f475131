// The official MCP conformance suite (pinned devDependency) against the example server's --http mode.
import { afterAll, beforeAll, describe, test } from "vitest";
import { runOfficialConformance } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

// The example server has resources, so the resources-list scenario applies to it too.
runOfficialConformance(
  { server: () => ({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0", "--http-no-auth"] }), offers: ["resources"] },
  { describe, test, beforeAll, afterAll },
);
