// The official MCP conformance suite (pinned in mcp-core's devDependencies) against fz-mcp --http.
import { HttpServerProcess, OFFICIAL_SCENARIOS, officialSuite, runOfficialScenario } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CLI, FAKE_FZ, tempDir } from "../support/fixtures.js";

const suite = officialSuite();

describe.skipIf("skip" in suite)(`official conformance suite${"skip" in suite ? ` (skipped: ${suite.skip})` : ""}`, () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await HttpServerProcess.spawn({
      command: process.execPath, args: [CLI, "--cwd", tempDir("venture-conf-"), "--http", "127.0.0.1:0", "--", process.execPath, FAKE_FZ],
    });
  });
  afterAll(async () => {
    await server.stop();
  });
  for (const scenario of OFFICIAL_SCENARIOS) {
    // fz-mcp serves tools only: every scenario that needs more is listed with what it needs.
    if (scenario.needs !== undefined) {
      test.skip(`${scenario.name} (not applicable: needs ${scenario.needs})`, () => {});
      continue;
    }
    test(scenario.name, async () => {
      const outcome = await runOfficialScenario(server.url, scenario.name);
      expect(outcome.checks.length, outcome.output).toBeGreaterThan(0);
      expect(outcome.failed, outcome.output).toEqual([]);
    }, 150_000);
  }
});
