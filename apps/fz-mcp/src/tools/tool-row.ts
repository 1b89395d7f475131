/** One argument of a tool: its JSON type, whether required, and where it lands on fz's argv. */
export interface ArgumentSpec {
  readonly name: string;
  readonly type: "string" | "boolean";
  readonly required?: boolean;
  readonly description: string;
  /**
   * The CLI flag it maps to. A string becomes `flag value`, a boolean the bare flag when true;
   * absent means the value is a positional argument.
   */
  readonly flag?: string;
}

export interface Annotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * A tool as data. `args` is in argv order, which is also the published property order; `verb`
 * is the fixed head of fz's argv. A tool without a verb spawns nothing (the catalogue).
 */
export interface FzToolRow {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly annotations: Annotations;
  readonly args: readonly ArgumentSpec[];
  readonly verb?: readonly string[];
}

/** Validated arguments: strings and booleans by name; absent optional strings are undefined. */
export type ToolArguments = Readonly<Record<string, string | boolean | undefined>>;
