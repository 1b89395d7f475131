import type { ChildProcess } from "node:child_process";
import type { FzConfig } from "../cli/resolve-config.js";
import { killRun, runChild } from "./run-child.js";
import type { RunOutcome } from "./run-outcome.js";

/** Runs the configured fz with a tool's argv, and can kill every child still running (shutdown). */
export class FzRunner {
  private readonly live = new Set<ChildProcess>();

  constructor(private readonly config: FzConfig) {}

  run(toolArgv: readonly string[], signal?: AbortSignal): Promise<RunOutcome> {
    const limit = this.config.timeLimit;
    return runChild(
      {
        argv: [...this.config.command, ...toolArgv],
        cwd: this.config.cwd,
        limitMs: limit.kind === "none" ? undefined : limit.seconds * 1000n,
        signal,
      },
      this.live,
    );
  }

  /** Synchronous on purpose: it also runs from `process.on("exit")`. */
  killAll(): void {
    for (const child of this.live) killRun(child);
  }
}
