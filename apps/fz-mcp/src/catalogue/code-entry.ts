/** One row of the error-code catalogue, as `fz_error_codes` serves it. */
export interface CodeEntry {
  readonly code: string;
  readonly title: string;
  readonly description: string;
}

export type CodeSource = "fz" | "mcp";

export interface SourcedCodeEntry extends CodeEntry {
  readonly source: CodeSource;
}
