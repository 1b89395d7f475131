/** The usage text; `--help` prints it to stdout as is, a misuse prints it to stderr after the message. */
export const USAGE = `fz-mcp: an MCP server (stdio, or Streamable HTTP) in front of a Cratefield venture's \`fz --json\`

Usage: fz-mcp [--cwd <dir>] [--http [HOST:]PORT [--http-token-file FILE | --http-no-auth]]
              [--fz-concurrency N] [--fz-queue N] [-- <fz command>...]

Options:
  --cwd <dir>   the directory fz runs in (default: FZ_MCP_CWD, else the current directory)
  -- <words>    the fz command: program, then leading arguments, taken verbatim
                (default: FZ_MCP_COMMAND split on whitespace, no shell; else \`fz\`)
  --http [HOST:]PORT        serve MCP over Streamable HTTP at http://HOST:PORT/mcp instead of stdio
                            (HOST defaults to 127.0.0.1; port 0 picks a free one; the address goes to stderr)
  --http-token-file FILE    clients must send \`Authorization: Bearer <the token in FILE>\`; without it a
                            loopback server makes a random token, writes it to a 0600 file and prints
                            both on stderr (a non-loopback HOST requires the file)
  --http-no-auth            serve loopback HTTP without a token (any local process can use it)
  --fz-concurrency N        most fz children at once, all clients together (default 1; 1-64)
  --fz-queue N              most calls waiting for one beyond those (default 32); past it a call
                            gets mcp-fz-unavailable saying the server is busy
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
