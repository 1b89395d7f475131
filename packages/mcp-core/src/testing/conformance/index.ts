import type { CaseRow, ConformanceCase } from "./case.js";
import { batchCases } from "./cases/batch.js";
import { concurrencyCases } from "./cases/concurrency.js";
import { framingCases } from "./cases/framing.js";
import { limitCases } from "./cases/limits.js";
import { modernCases } from "./cases/modern.js";
import { paramsCases } from "./cases/params.js";
import { parseErrorCases } from "./cases/parse-errors.js";
import { idCases, invalidRequestCases, methodCases, notificationCases } from "./cases/requests.js";
import { sdkCases } from "./cases/sdk.js";
import { shutdownCases } from "./cases/shutdown.js";
import { stdoutCases } from "./cases/stdout.js";
import { toolCases } from "./cases/tools.js";
import { gatingCases, versionCases } from "./cases/versions.js";
import { resolveOptions, type ConformanceOptions } from "./options.js";

/** Every group of the suite, as a table: group name → its cases. */
const GROUPS: ReadonlyArray<readonly [string, readonly CaseRow[]]> = [
  ["framing", framingCases],
  ["parse-errors", parseErrorCases],
  ["invalid-request", invalidRequestCases],
  ["batch", batchCases],
  ["notifications", notificationCases],
  ["ids", idCases],
  ["methods", methodCases],
  ["params", paramsCases],
  ["versions", versionCases],
  ["gating", gatingCases],
  ["tools", toolCases],
  ["concurrency", concurrencyCases],
  ["limits", limitCases],
  ["shutdown", shutdownCases],
  ["stdout", stdoutCases],
  ["sdk", sdkCases],
  ["2026-07-28", modernCases],
];

/** The conformance suite for one server binary, as plain cases any test runner can register. */
export function conformanceCases(options: ConformanceOptions): ConformanceCase[] {
  const o = resolveOptions(options);
  return GROUPS.flatMap(([group, rows]) =>
    rows.map((row): ConformanceCase => {
      const skip = row.skip?.(o);
      return {
        group,
        name: row.name,
        ...(skip === undefined ? {} : { skip }),
        timeoutMs: o.timeoutMs * (row.timeoutFactor ?? 1),
        run: () => row.run(o),
      };
    }),
  );
}

/** The parts of a test runner the suite needs (vitest's `describe` and `test` fit as they are). */
export interface TestRegistrar {
  readonly describe: (name: string, body: () => void) => void;
  readonly test: ((name: string, body: () => Promise<void>, timeoutMs?: number) => void) & {
    readonly skip: (name: string, body: () => Promise<void>, timeoutMs?: number) => void;
  };
}

/**
 * Registers the suite with a test runner: one `describe` per group, one test per case; a case
 * that does not apply is registered skipped, its reason in the name.
 */
export function runConformance(options: ConformanceOptions, runner: TestRegistrar): void {
  const cases = conformanceCases(options);
  for (const [group] of GROUPS) {
    const inGroup = cases.filter((c) => c.group === group);
    runner.describe(`conformance: ${group}`, () => {
      for (const c of inGroup) {
        if (c.skip !== undefined) runner.test.skip(`${c.name} (skipped: ${c.skip})`, c.run, c.timeoutMs);
        else runner.test(c.name, c.run, c.timeoutMs);
      }
    });
  }
}

export type { ConformanceCase } from "./case.js";
export type { ConformanceOptions, ToolCallSpec, SlowToolSpec, InvalidArgumentsSpec } from "./options.js";
