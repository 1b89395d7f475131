// Rust's `split_ascii_whitespace`: space, tab, newline, form feed, carriage return (not vertical tab).
const ASCII_WHITESPACE = /[ \t\n\f\r]+/;

/** Splits FZ_MCP_COMMAND into words; no quoting, globbing or `$VAR`, by design. */
export function splitCommand(value: string): string[] {
  return value.split(ASCII_WHITESPACE).filter((word) => word !== "");
}
