import { defineServer, envelopeResult, tool, type ServerDefinition, type ToolResult } from "@mcp-wrappers/mcp-core";
import { catalogueEnvelope } from "./catalogue/catalogue.js";
import type { FzConfig } from "./cli/resolve-config.js";
import { outcomeEnvelope, synthesized } from "./envelope/outcome-envelope.js";
import { argumentInvalid } from "./envelope/synthesize.js";
import type { FzRunner } from "./runner/fz-runner.js";
import { buildArgv } from "./tools/build-argv.js";
import { TOOL_ROWS } from "./tools/rows.js";
import { breachResult, contractBreach } from "./tools/output-contract.js";
import { inputSchema, OUTPUT_SCHEMA } from "./tools/schemas.js";
import type { FzToolRow, ToolArguments } from "./tools/tool-row.js";
import { validateArguments } from "./tools/validate.js";
import packageJson from "../package.json" with { type: "json" };

export const SERVER_NAME = "cratefield-fz";
/** The published version, so `--version`, serverInfo and the registry entry never disagree. */
export const SERVER_VERSION: string = packageJson.version;

/** Calls that spawn fz share this key: one child at a time, in arrival order. */
export const FZ_QUEUE = "fz-child";

export const INSTRUCTIONS = [
  "This server puts a Cratefield venture's `fz` CLI in front of you.",
  "Six tools (fz_doctor, fz_plan, fz_verify, fz_init, fz_add, fz_deploy) run the real `fz <verb> --json` and return its envelope exactly as printed: a JSON object with `schema`, `ok` and `failures[]`, where each failure carries a stable `code` and a `message`, plus the verb's own keys.",
  "The seventh, fz_error_codes, serves the code catalogue from this server's own process without running fz.",
  "`ok: false` arrives as a tool execution error (isError: true) carrying the envelope, not as a protocol failure: read the failures, fix the call or the venture, and try again.",
  "Call fz_error_codes to look up any code you meet, including the four `mcp-` codes this server adds (mcp-fz-unavailable, mcp-fz-no-json, mcp-fz-timeout, mcp-argument-invalid).",
  "To deploy: fz_plan, then fz_deploy with the `digest` it printed as `plan`.",
].join(" ");

/** fz's envelope as the result, unless its keys' types break the published output schema (then text and a note). */
function asResult(found: { text: string; parsed: object }): ToolResult {
  const breach = contractBreach(OUTPUT_SCHEMA, found.parsed);
  return breach === undefined ? envelopeResult(found.text, found.parsed) : breachResult(found.text, found.parsed, breach);
}

/** A row becomes an mcp-core tool: published schema and validation from the row, argv from the row. */
function toMcpTool(row: FzToolRow, config: FzConfig, runner: FzRunner) {
  const spawns = row.verb !== undefined;
  return tool<ToolArguments>({
    name: row.name,
    title: row.title,
    description: row.description,
    inputSchema: inputSchema(row),
    validate: (raw) => validateArguments(row, raw),
    outputSchema: OUTPUT_SCHEMA,
    annotations: row.annotations,
    ...(spawns ? { queue: FZ_QUEUE } : {}),
    run: async (args, ctx) => {
      if (!spawns) return asResult(synthesized(catalogueEnvelope()));
      const outcome = await runner.run(buildArgv(row, args), ctx.signal);
      return asResult(outcomeEnvelope(outcome, config));
    },
  });
}

export function fzServer(config: FzConfig, runner: FzRunner): ServerDefinition {
  return defineServer({
    name: SERVER_NAME,
    title: "Cratefield fz",
    version: SERVER_VERSION,
    instructions: INSTRUCTIONS,
    tools: TOOL_ROWS.map((row) => toMcpTool(row, config, runner)),
    policies: {
      batch: false,
      invalidArguments: (_tool, message) => asResult(synthesized(argumentInvalid(message))),
    },
    onShutdown: () => runner.killAll(),
  });
}
