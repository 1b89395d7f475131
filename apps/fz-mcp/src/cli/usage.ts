/** The usage text; `--help` prints it to stdout as is, a misuse prints it to stderr after the message. */
export const USAGE = `fz-mcp: an MCP server (stdio, or Streamable HTTP) in front of a Cratefield venture's \`fz --json\`

Usage: fz-mcp [--cwd <dir>] [--http [HOST:]PORT [--http-token-file FILE]] [-- <fz command>...]

Options:
  --cwd <dir>   the directory fz runs in (default: FZ_MCP_CWD, else the current directory)
  -- <words>    the fz command: program, then leading arguments, taken verbatim
                (default: FZ_MCP_COMMAND split on whitespace, no shell; else \`fz\`)
  --http [HOST:]PORT        serve MCP over Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                            (HOST defaults to 127.0.0.1; port 0 picks a free one; the address goes to stderr)
  --http-token-file FILE    clients must send \`Authorization: Bearer <the token in FILE>\`;
                            required when HOST is not a loopback address
  -h, --help    print this help and exit
  -V, --version print the version and exit

Environment:
  FZ_MCP_CWD            fallback for --cwd (empty counts as unset)
  FZ_MCP_COMMAND        fallback for the words after -- (split on ASCII whitespace, no quoting)
  FZ_MCP_TIMEOUT_SECS   per-call time limit in whole seconds; 0 for none (default 600)

Examples:
  fz-mcp --cwd ./my-venture -- cargo run -q --bin fz --
  fz-mcp --cwd ./my-venture --http 8931
`;
