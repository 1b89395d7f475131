// What the app has done, for a person watching: one stderr line per command, and a summary in `describe`.
import type { CommandOutcome } from "@mcp-wrappers/fieldcraft-control";

export interface ActivitySummary {
  commands: number;
  failures: number;
  last: { command: string; ok: boolean; ms: number; error?: string } | null;
}

export class Activity {
  private summary: ActivitySummary = { commands: 0, failures: 0, last: null };

  constructor(private readonly log: (line: string) => void) {}

  record(command: string, outcome: CommandOutcome, ms: number): void {
    this.summary.commands++;
    if (!outcome.ok) this.summary.failures++;
    this.summary.last = { command, ok: outcome.ok, ms: Math.round(ms), ...(outcome.ok ? {} : { error: outcome.error }) };
    this.log(outcome.ok ? `${command} ok (${Math.round(ms)} ms)` : `${command} failed: ${outcome.error}`);
  }

  snapshot(): ActivitySummary {
    return structuredClone(this.summary);
  }
}
