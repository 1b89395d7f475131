import type { z } from "zod";
import type { ToolResult } from "../results/types.js";
import type { ToolContext } from "./context.js";
import { describeIssues } from "./argument-errors.js";
import { clientSafeSchema, closeObject, isZodSchema, schemaShapeProblems, zodToJsonSchema, type JsonSchemaObject } from "./json-schema.js";

/** The four behaviour hints, always all stated (the spec's defaults for two of them are `true`). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export type Validation<Args> = { readonly ok: true; readonly value: Args } | { readonly ok: false; readonly message: string };

/** What an author writes for one tool. Give `input` (a zod object), or `inputSchema` with `validate`. */
export interface ToolSpec<Args> {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  /** Zod input schema; objects are closed (unknown members refused) unless made `.loose()`. */
  readonly input?: z.ZodType<Args>;
  /** A JSON Schema published verbatim instead of the one made from `input`. */
  readonly inputSchema?: JsonSchemaObject;
  /** Custom validation replacing zod's; its message names what to fix. */
  readonly validate?: (raw: Record<string, unknown>) => Validation<Args>;
  /** Output schema (JSON Schema or zod), published only from 2025-06-18, in the client-safe subset (`clientSafeSchema`). */
  readonly outputSchema?: JsonSchemaObject | z.ZodType;
  readonly annotations: ToolAnnotations;
  /** Calls sharing a queue key run one at a time, in arrival order. */
  readonly queue?: string;
  /** Published as the tool's `_meta` (extensions: MCP Apps links a UI resource with `_meta.ui.resourceUri`). */
  readonly _meta?: Record<string, unknown>;
  readonly run: (args: Args, ctx: ToolContext) => Promise<ToolResult> | ToolResult;
}

/** A tool as the server holds it: what `tools/list` publishes and what `tools/call` runs come from one row. */
export interface ToolRow<Args = any> {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonSchemaObject;
  readonly outputSchema?: JsonSchemaObject;
  readonly annotations: ToolAnnotations;
  readonly queue?: string;
  readonly _meta?: Record<string, unknown>;
  /** Checks raw arguments (`{}` when absent or null); the message names the argument, without the tool name. */
  readonly validate: (raw: Record<string, unknown>) => Validation<Args>;
  readonly run: (args: Args, ctx: ToolContext) => Promise<ToolResult> | ToolResult;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const HINTS = ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"] as const;

/** Declares a tool row; throws at declaration time for a malformed row (a programming error, not input). */
export function tool<Args>(spec: ToolSpec<Args>): ToolRow<Args> {
  if (!TOOL_NAME.test(spec.name)) throw new Error(`tool name ${JSON.stringify(spec.name)} must match ${TOOL_NAME}`);
  for (const hint of HINTS) {
    if (typeof spec.annotations?.[hint] !== "boolean") throw new Error(`tool ${spec.name}: annotation ${hint} must be stated`);
  }
  if (spec.input === undefined && spec.validate === undefined) throw new Error(`tool ${spec.name}: give \`input\` or \`validate\``);
  if (spec.input === undefined && spec.inputSchema === undefined) {
    throw new Error(`tool ${spec.name}: \`validate\` needs an \`inputSchema\` to publish`);
  }
  const input = spec.input === undefined ? undefined : closeObject(spec.input);
  const inputSchema = spec.inputSchema ?? zodToJsonSchema(input!, "input");
  // An output schema given as JSON is published as given when it has the client-safe shape, else made so
  // (it is often composed from elsewhere, such as an engine's catalogue).
  const outputSchema = isZodSchema(spec.outputSchema)
    ? zodToJsonSchema(spec.outputSchema, "output")
    : spec.outputSchema === undefined
      ? undefined
      : schemaShapeProblems(spec.outputSchema).length === 0
        ? spec.outputSchema
        : (clientSafeSchema(spec.outputSchema) as JsonSchemaObject);
  const annotations: ToolAnnotations = {
    readOnlyHint: spec.annotations.readOnlyHint,
    destructiveHint: spec.annotations.destructiveHint,
    idempotentHint: spec.annotations.idempotentHint,
    openWorldHint: spec.annotations.openWorldHint,
  };
  return Object.freeze({
    name: spec.name,
    ...(spec.title === undefined ? {} : { title: spec.title }),
    description: spec.description,
    inputSchema,
    ...(outputSchema === undefined ? {} : { outputSchema }),
    annotations,
    ...(spec.queue === undefined ? {} : { queue: spec.queue }),
    ...(spec._meta === undefined ? {} : { _meta: spec._meta }),
    validate: spec.validate ?? zodValidator(input!),
    run: spec.run,
  });
}

function zodValidator<Args>(schema: z.ZodType<Args>): (raw: Record<string, unknown>) => Validation<Args> {
  return (raw) => {
    const parsed = schema.safeParse(raw);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: describeIssues(parsed.error.issues, raw) };
  };
}
