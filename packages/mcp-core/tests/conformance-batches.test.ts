import { describe, test } from "vitest";
import { runConformance } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

// The example server passes the suite with batches taken and -32602 for invalid arguments.
describe("example server, batches of 100, -32602 for invalid arguments", () => {
  runConformance(
    {
      command: process.execPath,
      args: [ECHO_SERVER, "--batch=100", "--arguments=json-rpc-error"],
      batch: { maxMessages: 100 },
      sampleTool: { name: "echo", arguments: { text: "conformance" } },
      slowTool: { name: "slow", arguments: { ms: 5_000 }, durationMs: 5_000 },
      structuredTool: { name: "measure", arguments: { text: "two words" } },
      throwingTool: { name: "fail", arguments: { message: "expected" } },
      invalidArguments: { policy: "json-rpc-error", name: "measure", arguments: { text: "x", unit: "quad" }, mentions: "unit:" },
    },
    { describe, test },
  );
});
