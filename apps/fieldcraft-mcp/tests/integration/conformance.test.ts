import { describe, test } from "vitest";
import { runConformance } from "@mcp-wrappers/mcp-core/testing";
import { BIN } from "./helpers.js";

// The shared protocol suite against the built fieldcraft-mcp.
runConformance(
  {
    command: process.execPath,
    args: [BIN],
    batch: { maxMessages: 100 },
    sampleTool: { name: "check_model", arguments: {} },
    structuredTool: { name: "execute", arguments: { command: "model.info" } },
    invalidArguments: { name: "mesh", arguments: { method: "no-such-mesher" }, policy: "json-rpc-error", mentions: "method" },
    slowTool: {
      name: "batch",
      arguments: { commands: Array.from({ length: 2_000 }, () => ({ command: "model.info" })) },
    },
    // The whole workspace's tests share two cores; a ping still overtakes a running batch, with room for that load.
    pingWhileBusyMs: 200,
    timeoutMs: 60_000,
  },
  { describe, test },
);
