// The official MCP conformance suite (pinned in mcp-core's devDependencies) against fieldcraft-mcp --http.
import fs from "node:fs";
import { HttpServerProcess, OFFICIAL_SCENARIOS, officialSuite, runOfficialScenario } from "@mcp-wrappers/mcp-core/testing";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BIN, tempDir } from "./helpers.js";

const suite = officialSuite();
// fieldcraft-mcp has tools and resources; the scenarios that need anything else say what.
const applies = (needs: string | undefined) => needs === undefined || needs.startsWith("resources (");

describe.skipIf("skip" in suite)(`official conformance suite${"skip" in suite ? ` (skipped: ${suite.skip})` : ""}`, () => {
  let server: HttpServerProcess;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir("fc-mcp-conf-");
    server = await HttpServerProcess.spawn({ command: process.execPath, args: [BIN, "--http", "127.0.0.1:0"], cwd: dir });
  });
  afterAll(async () => {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  for (const scenario of OFFICIAL_SCENARIOS) {
    if (!applies(scenario.needs)) {
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
