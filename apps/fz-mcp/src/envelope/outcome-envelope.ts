import type { FzConfig } from "../cli/resolve-config.js";
import type { RunOutcome } from "../runner/run-outcome.js";
import { extractEnvelope, type FoundEnvelope } from "./extract.js";
import { fzNoJson, fzTimeout, fzUnavailable } from "./synthesize.js";

/** The envelope a run produced: fz's own line when it printed one, else the wrapper's refusal. */
export function outcomeEnvelope(outcome: RunOutcome, config: FzConfig): FoundEnvelope {
  switch (outcome.kind) {
    case "exited":
      return extractEnvelope(outcome.stdout) ?? synthesized(fzNoJson(outcome.status, outcome.stdoutHead, outcome.stderr));
    case "unavailable":
      return synthesized(fzUnavailable(outcome.detail));
    case "timed-out": {
      const seconds = config.timeLimit.kind === "seconds" ? config.timeLimit.seconds : 0n;
      return synthesized(fzTimeout(seconds, config.command));
    }
    case "busy":
      return synthesized(fzUnavailable(
        `fz was not started: ${outcome.running} fz ${outcome.running === 1 ? "call is" : "calls are"} running and ${outcome.waiting} waiting, this server's bound ` +
          "(--fz-concurrency, --fz-queue); retry when a call has finished",
      ));
    case "cancelled":
      // Never shown: a cancelled call gets no reply. Kept an envelope so every path has one.
      return synthesized(fzUnavailable("the call was cancelled and fz was killed"));
  }
}

/** Synthesised envelopes are compact JSON, `schema, ok, failures` in that order. */
export function synthesized(envelope: object): FoundEnvelope {
  return { text: JSON.stringify(envelope), parsed: envelope as Record<string, unknown> };
}
