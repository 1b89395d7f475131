/** The usage text; `--help` prints it to stdout as is, a misuse prints it to stderr after the message. */
export const USAGE = `fz-mcp: an MCP server (stdio) in front of a Cratefield venture's \`fz --json\`

Usage: fz-mcp [--cwd <dir>] [-- <fz command>...]

Options:
  --cwd <dir>   the directory fz runs in (default: FZ_MCP_CWD, else the current directory)
  -- <words>    the fz command: program, then leading arguments, taken verbatim
                (default: FZ_MCP_COMMAND split on whitespace, no shell; else \`fz\`)
  -h, --help    print this help and exit
  -V, --version print the version and exit

Environment:
  FZ_MCP_CWD            fallback for --cwd (empty counts as unset)
  FZ_MCP_COMMAND        fallback for the words after -- (split on ASCII whitespace, no quoting)
  FZ_MCP_TIMEOUT_SECS   per-call time limit in whole seconds; 0 for none (default 600)

Example:
  fz-mcp --cwd ./my-venture -- cargo run -q --bin fz --
`;
