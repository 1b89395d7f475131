/**
 * The official suite registered with a test runner: one server spawned for the file, one test per scenario,
 * the scenarios a server cannot pass (by what it offers) registered skipped with the reason in their name.
 * Wrappers call this instead of copying the loop.
 */
import type { TestRegistrar } from "./conformance/index.js";
import { HttpServerProcess, type HttpSpawnSpec } from "./http-process.js";
import { OFFICIAL_SCENARIOS, officialSuite, runOfficialScenario } from "./official-conformance.js";

export interface OfficialRegistrar extends TestRegistrar {
  readonly beforeAll: (body: () => Promise<void>, timeoutMs?: number) => void;
  readonly afterAll: (body: () => Promise<void>) => void;
}

export interface OfficialOptions {
  /** How to start the server with `--http` on an ephemeral loopback port (a fresh spec per run). */
  readonly server: () => HttpSpawnSpec;
  /** Server capabilities beyond tools whose scenarios apply (the suite's `resources-list`). */
  readonly offers?: readonly "resources"[];
  /** Called after the server stops (e.g. to remove its working folder). */
  readonly cleanup?: () => void;
}

/** Whether a scenario applies to a server that offers tools plus `offers`. */
export function officialScenarioApplies(needs: string | undefined, offers: readonly string[] = []): boolean {
  return needs === undefined || offers.some((o) => needs.startsWith(`${o} (`));
}

export function runOfficialConformance(options: OfficialOptions, runner: OfficialRegistrar): void {
  const suite = officialSuite();
  if ("skip" in suite) {
    runner.describe(`official conformance suite (skipped: ${suite.skip})`, () => runner.test.skip("every scenario", async () => {}));
    return;
  }
  runner.describe("official conformance suite", () => {
    let server: HttpServerProcess | undefined;
    runner.beforeAll(async () => {
      server = await HttpServerProcess.spawn(options.server());
    }, 60_000);
    runner.afterAll(async () => {
      await server?.stop();
      options.cleanup?.();
    });
    for (const scenario of OFFICIAL_SCENARIOS) {
      if (!officialScenarioApplies(scenario.needs, options.offers)) {
        runner.test.skip(`${scenario.name} (not applicable: needs ${scenario.needs})`, async () => {});
        continue;
      }
      runner.test(scenario.name, async () => {
        const outcome = await runOfficialScenario(server!.url, scenario.name);
        if (outcome.checks.length === 0) throw new Error(`scenario ${scenario.name} reported no checks:\n${outcome.output}`);
        if (outcome.failed.length > 0) throw new Error(`scenario ${scenario.name} failed ${JSON.stringify(outcome.failed, null, 2)}\n${outcome.output}`);
      }, 150_000);
    }
  });
}
