// What the agent reads when the app does not answer: pure functions of what happened to the call.
import type { CallOutcome } from "@mcp-wrappers/fieldcraft-control";
import type { CommandOutcome } from "../types.js";

type Unanswered = Extract<CallOutcome, { failure: "lost" | "timeout" | "cancelled" | "closed" }>;

const CODES = { lost: "reply_lost", timeout: "reply_timeout", cancelled: "cancelled" } as const;

/**
 * A lost or timed-out reply is never resent: for an edit the agent is told it may have been applied
 * and to look before repeating it; a closed connection means the call was not sent at all.
 */
export function unansweredOutcome(command: string, mutates: boolean, outcome: Unanswered, target: string): CommandOutcome {
  if (outcome.failure === "closed") {
    return {
      ok: false,
      error: `${outcome.error}: ${command} was not sent. Start the app again (fieldcraft --control ${target.split(":").pop()}) and restart the MCP server to reconnect.`,
      details: { code: "app_gone", command, sent: false, target },
    };
  }
  const consequence = mutates
    ? `${command} changes the model and may have been applied: it was not resent. Inspect the model (inspect_model, or model.info) before repeating it.`
    : `${command} does not change the model; it was not resent.`;
  return {
    ok: false,
    error: `${outcome.error}. ${consequence}`,
    details: { code: CODES[outcome.failure], command, sent: true, may_have_applied: mutates, target },
  };
}
