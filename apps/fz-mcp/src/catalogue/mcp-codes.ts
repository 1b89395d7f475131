import type { CodeEntry } from "./code-entry.js";

/**
 * The four codes the wrapper itself may ever emit. Prefixed `mcp-` so they can never collide with
 * the CLI's kebab-case namespace. Append-only, like the CLI's: never rename, reword or remove.
 */
export const MCP_CODES = {
  fzUnavailable: {
    code: "mcp-fz-unavailable",
    title: "fz unavailable",
    description: "The configured fz program could not be spawned; the message names the program and the OS error.",
  },
  fzNoJson: {
    code: "mcp-fz-no-json",
    title: "fz printed no JSON",
    description:
      "fz ran but stdout was not one JSON object — most often a clap usage error; the message carries the exit status and a bounded excerpt of stderr, else stdout.",
  },
  fzTimeout: {
    code: "mcp-fz-timeout",
    title: "fz timed out",
    description: "fz outlived the configured time limit and was killed; the message names the program and the limit.",
  },
  argumentInvalid: {
    code: "mcp-argument-invalid",
    title: "Argument invalid",
    description:
      "A tool argument failed validation before fz ran: missing, empty, wrong type, unknown, or a `-`-leading string clap would read as a flag.",
  },
} as const satisfies Record<string, CodeEntry>;

/** The wrapper codes in the order the catalogue lists them. */
export const MCP_CODE_LIST: readonly CodeEntry[] = [
  MCP_CODES.fzUnavailable,
  MCP_CODES.fzNoJson,
  MCP_CODES.fzTimeout,
  MCP_CODES.argumentInvalid,
];
