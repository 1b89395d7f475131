import { describe, test } from "vitest";
import { runConformance } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

// The example server passes the suite with batches refused and invalid arguments as isError results.
describe("example server, no batches, invalid arguments as an isError result", () => {
  runConformance(
    {
      command: process.execPath,
      args: [ECHO_SERVER, "--batch=none", "--arguments=result"],
      batch: false,
      sampleTool: { name: "memory" },
      slowTool: { name: "slow", arguments: { ms: 2_000, step_ms: 50 }, durationMs: 2_000 },
      invalidArguments: { policy: "tool-result", name: "echo", arguments: {}, mentions: "text:" },
      hugeLineBytes: false,
    },
    { describe, test },
  );
});
