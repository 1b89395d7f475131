// list_commands, execute, batch: the engine's command catalogue, reached directly.
import { z } from "zod";
import { jsonResult, preserializedResult, tool, zodToJsonSchema, type ToolRow } from "@mcp-wrappers/mcp-core";
import { commandInfoSchema } from "@mcp-wrappers/fieldcraft-control";
import { ANY_COMMAND, engineOptions, MODEL_QUEUE, READS, type ToolDeps } from "./deps.js";
import { outcomeResult } from "./outcome.js";
import { runBatch } from "../replies/batch.js";
import { orFailure } from "./output-schemas.js";

export const MAX_BATCH_COMMANDS = 10_000;

const paramsSchema = z.record(z.string(), z.unknown()).describe("The command's parameters (list_commands gives each command's schema)");

const listCommandsOutput = zodToJsonSchema(z.object({ count: z.number().int().nonnegative(), commands: z.array(commandInfoSchema) }), "output");

export function listCommandsTool({ backend }: ToolDeps): ToolRow {
  return tool({
    name: "list_commands",
    title: "List engine commands",
    description:
      "Every engine command with its label, parameter documentation, `schema` (JSON Schema of its parameters: types, units as " +
      "`x-dimension`, defaults, required fields, one-of variants) and `requires` (what the session must hold first). " +
      "`filter` keeps the commands whose id or label contains it (case-insensitive).",
    input: z.object({ filter: z.string().max(200).optional().describe("Substring of a command id or label") }),
    outputSchema: listCommandsOutput,
    annotations: READS,
    run: async ({ filter }) => {
      const all = await backend.catalogue();
      const needle = filter?.toLowerCase();
      const commands = needle === undefined ? all : all.filter((c) => c.id.toLowerCase().includes(needle) || c.label.toLowerCase().includes(needle));
      return jsonResult({ count: commands.length, commands });
    },
  });
}

export function executeTool({ backend, catalogue }: ToolDeps): ToolRow {
  return tool({
    name: "execute",
    title: "Run a command",
    description:
      "Run any engine command (see list_commands) with its parameters. A failure leaves the model unchanged and names what " +
      "to fix; a command whose `requires` are not met fails before doing anything, naming each missing piece and the " +
      "command that provides it.",
    input: z.object({
      command: z.string().min(1).max(200).describe("Command id, e.g. model.material.create"),
      params: paramsSchema.optional(),
    }),
    // Whichever command runs, an object (or a failure): the union of every command's result was 98 KB of
    // tools/list; list_commands gives each command's own result schema.
    outputSchema: orFailure({ type: "object", description: "The command's result; list_commands gives each command's result schema" }),
    annotations: ANY_COMMAND,
    queue: MODEL_QUEUE,
    run: async ({ command, params }, ctx) => outcomeResult(await backend.execute(command, params ?? {}, engineOptions(ctx))),
  });
}

const batchOutput = zodToJsonSchema(
  z.object({
    ok: z.boolean(),
    completed: z.number().int().nonnegative(),
    total: z.number().int().nonnegative(),
    results: z.array(z.object({ index: z.number().int().nonnegative(), command: z.string(), result: z.unknown().meta({ type: ["string", "number", "boolean", "null", "array", "object"], description: "The command's result (list_commands: its `result` schema)" }) })),
    failed: z.object({ index: z.number().int().nonnegative(), command: z.string(), error: z.string(), details: z.record(z.string(), z.unknown()).optional() }).optional(),
  }),
  "output",
);

const step = z.object({ command: z.string().min(1).max(200).describe("Command id"), params: paramsSchema.optional() });

export function batchTool({ backend }: ToolDeps): ToolRow {
  return tool({
    name: "batch",
    title: "Run commands in order",
    description:
      `Run up to ${MAX_BATCH_COMMANDS} commands in order, stopping at the first error. The reply has every result and, on a ` +
      "failure, `failed` {index, command, error}. Steps before the failing one stay applied (`undo` takes them back one by one).",
    input: z.object({
      commands: z.array(step).max(MAX_BATCH_COMMANDS, `a batch holds at most ${MAX_BATCH_COMMANDS} commands`).describe("The steps, in order"),
    }),
    outputSchema: batchOutput,
    annotations: ANY_COMMAND,
    queue: MODEL_QUEUE,
    run: async ({ commands }, ctx) => {
      const options = { signal: ctx.signal, onProgress: ctx.progress };
      // The worker runs the whole batch and serialises its reply there; other backends run the same loop here.
      const parts = backend.batch
        ? await backend.batch(commands, options)
        : await runBatch((command, params, stepOptions) => backend.execute(command, params, stepOptions), commands, options);
      return preserializedResult(parts);
    },
  });
}
