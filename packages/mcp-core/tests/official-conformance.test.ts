// The official MCP conformance suite (pinned devDependency) against the example server's --http mode.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { HttpServerProcess, OFFICIAL_SCENARIOS, officialSuite, runOfficialScenario } from "../src/testing/index.js";
import { ECHO_SERVER } from "./helpers.js";

const suite = officialSuite();
// The example server has resources, so the resources-list scenario applies to it too.
const applies = (needs: string | undefined) => needs === undefined || needs.startsWith("resources (");

describe.skipIf("skip" in suite)(`official conformance suite${"skip" in suite ? ` (skipped: ${suite.skip})` : ""}`, () => {
  let server: HttpServerProcess;
  beforeAll(async () => {
    server = await HttpServerProcess.spawn({ command: process.execPath, args: [ECHO_SERVER, "--http=127.0.0.1:0"] });
  });
  afterAll(async () => {
    await server.stop();
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
