import type { ChildProcess } from "node:child_process";
import type { FzConfig } from "../cli/resolve-config.js";
import { ChildSlots } from "./child-slots.js";
import { killRun, runChild } from "./run-child.js";
import type { RunOutcome } from "./run-outcome.js";

/** One fz at a time by default, over HTTP as on stdio: every client shares the one venture fz writes. */
export const DEFAULT_FZ_CONCURRENCY = 1;
export const DEFAULT_FZ_QUEUE = 32;

/** Runs the configured fz with a tool's argv, and can kill every child still running (shutdown). */
export class FzRunner {
  private readonly live = new Set<ChildProcess>();
  private readonly slots: ChildSlots;

  constructor(private readonly config: FzConfig) {
    this.slots = new ChildSlots(config.fzConcurrency ?? DEFAULT_FZ_CONCURRENCY, config.fzQueue ?? DEFAULT_FZ_QUEUE);
  }

  async run(toolArgv: readonly string[], signal?: AbortSignal): Promise<RunOutcome> {
    const slot = await this.slots.acquire(signal);
    if (slot === "cancelled") return { kind: "cancelled" };
    if (slot === "full") return { kind: "busy", running: this.slots.running, waiting: this.slots.waiting };
    try {
      return await this.spawn(toolArgv, signal);
    } finally {
      slot();
    }
  }

  private spawn(toolArgv: readonly string[], signal?: AbortSignal): Promise<RunOutcome> {
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
