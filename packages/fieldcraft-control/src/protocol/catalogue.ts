// The catalogue as it crosses the channel: `describe {catalogue: true}` is input to the client like any other
// reply, so it is validated here into typed CommandInfo rows instead of being cast.
import { z } from "zod";
import type { CommandInfo } from "./session.js";

const jsonSchema = z.record(z.string(), z.unknown()).describe("A JSON Schema");

export const commandInfoSchema = z.object({
  id: z.string().min(1),
  label: z.string(),
  description: z.string().optional(),
  params: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      required: z.boolean(),
      description: z.string(),
      dimension: z.string().optional(),
      default: z.unknown().optional().meta({ type: ["string", "number", "boolean", "null", "array", "object"], description: "The default value (any JSON)" }),
    }),
  ),
  schema: jsonSchema.describe("JSON Schema of the parameters"),
  result: jsonSchema.describe("JSON Schema of the result in JSON"),
  requires: z.array(z.string()),
  effects: z.object({ mutates: z.boolean(), reads: z.boolean(), writes: z.boolean() }),
});

// The schema's rows are the engine's CommandInfo, checked at compile time both ways.
type Parsed = z.output<typeof commandInfoSchema>;
const _toEngine: (row: Parsed) => CommandInfo = (row) => row;
const _fromEngine: (row: CommandInfo) => Parsed = (row) => row;
void _toEngine;
void _fromEngine;

/** What `describe` answers (the members a client relies on; others may be added). */
export const describeReplySchema = z.object({
  name: z.string(),
  version: z.string(),
  ui: z.boolean(),
  protocol: z.number().optional(),
  methods: z.array(z.string()).optional(),
  catalogue: z.array(commandInfoSchema).optional(),
});

export type DescribeReply = z.output<typeof describeReplySchema>;

/** A `describe` reply, checked: the rows, or a message naming the first bad member. */
export function parseDescribeReply(value: unknown): { ok: true; reply: DescribeReply } | { ok: false; error: string } {
  const parsed = describeReplySchema.safeParse(value);
  if (parsed.success) return { ok: true, reply: parsed.data };
  const issue = parsed.error.issues[0];
  return { ok: false, error: `describe reply: ${issue.path.length ? issue.path.join(".") : "(top)"}: ${issue.message}` };
}
