// Zod issues rewritten in the caller's terms (the parameter path they sent and what to change), in
// the wording shared with the MCP servers and the control channel (@mcp-wrappers/wire).
import { COMMAND_PARAMS, formatIssues as format, INPUT_UNSEEN, issueLines as lines } from "@mcp-wrappers/wire";
import type { z } from "zod";

/** Each problem as one line naming the parameter, e.g. "params.target.set: missing (expected a string)". */
export function issueLines(issues: readonly z.core.$ZodIssue[], raw: unknown = INPUT_UNSEEN): string[] {
  return lines(issues, raw, COMMAND_PARAMS);
}

export function formatIssues(issues: readonly z.core.$ZodIssue[], raw: unknown = INPUT_UNSEEN): string {
  return format(issues, raw, COMMAND_PARAMS);
}
