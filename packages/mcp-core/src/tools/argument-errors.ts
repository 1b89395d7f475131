import { formatIssues, MCP_ARGUMENTS } from "@mcp-wrappers/wire";
import type { z } from "zod";

/**
 * A tool call's argument problems in the wording every package here shares (@mcp-wrappers/wire),
 * one per problem, each naming the argument: e.g. `method: must be one of "tet", "hex" (got "quad")`.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[], raw: unknown): string {
  return formatIssues(issues, raw, MCP_ARGUMENTS);
}
