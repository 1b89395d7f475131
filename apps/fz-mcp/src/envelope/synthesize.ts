import type { CodeEntry } from "../catalogue/code-entry.js";
import { MCP_CODES } from "../catalogue/mcp-codes.js";
import { excerpt } from "./excerpt.js";

/** A refusal the wrapper writes itself, in fz's own envelope shape and key order. */
export interface FailureEnvelope {
  schema: 1;
  ok: false;
  failures: Array<{ code: string; message: string }>;
}

export function failureEnvelope(entry: CodeEntry, message: string): FailureEnvelope {
  return { schema: 1, ok: false, failures: [{ code: entry.code, message }] };
}

export function argumentInvalid(message: string): FailureEnvelope {
  return failureEnvelope(MCP_CODES.argumentInvalid, message);
}

export function fzUnavailable(detail: string): FailureEnvelope {
  return failureEnvelope(MCP_CODES.fzUnavailable, detail);
}

export function fzTimeout(seconds: bigint, command: readonly string[]): FailureEnvelope {
  return failureEnvelope(
    MCP_CODES.fzTimeout,
    `fz did not finish within ${seconds}s and was killed: \`${command.join(" ")}\``,
  );
}

/** Names the exit status and shows stderr, or stdout when stderr has nothing to say. */
export function fzNoJson(status: number | null, stdout: string, stderr: string): FailureEnvelope {
  const statusText = status === null ? "no exit code; terminated by a signal" : `exit code ${status}`;
  const [stream, text] = stderr.trim() === "" ? ["stdout", stdout] : ["stderr", stderr];
  return failureEnvelope(
    MCP_CODES.fzNoJson,
    `fz produced no JSON object on stdout (${statusText}); ${stream} excerpt: ${excerpt(text)}`,
  );
}
