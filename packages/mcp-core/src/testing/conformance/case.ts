import type { ResolvedOptions } from "./options.js";

/** One conformance check: a test runner registers it as one test. */
export interface ConformanceCase {
  /** Area of the rules: framing, parse-errors, invalid-request, batch, notifications, ids, methods, params, versions, gating, tools, concurrency, limits, shutdown, stdout, sdk. */
  readonly group: string;
  readonly name: string;
  /** Why the case does not apply to this server (register it skipped), or undefined. */
  readonly skip?: string;
  readonly timeoutMs: number;
  readonly run: () => Promise<void>;
}

/** A case as written in the tables: built from the resolved options. */
export interface CaseRow {
  readonly name: string;
  readonly skip?: (o: ResolvedOptions) => string | undefined;
  readonly timeoutFactor?: number;
  readonly run: (o: ResolvedOptions) => Promise<void>;
}
