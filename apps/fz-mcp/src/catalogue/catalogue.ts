import type { SourcedCodeEntry } from "./code-entry.js";
import { FZ_CODES } from "./fz-codes.js";
import { MCP_CODE_LIST } from "./mcp-codes.js";

/** Every code an agent can meet: the CLI's registry first, then the wrapper's four. */
export const CATALOGUE: readonly SourcedCodeEntry[] = [
  ...FZ_CODES.map((entry) => ({ ...entry, source: "fz" as const })),
  ...MCP_CODE_LIST.map((entry) => ({ ...entry, source: "mcp" as const })),
];

/** The `fz_error_codes` envelope: fz's own shape plus `codes`, keys in this order. */
export function catalogueEnvelope(): { schema: 1; ok: true; failures: []; codes: SourcedCodeEntry[] } {
  return {
    schema: 1,
    ok: true,
    failures: [],
    codes: CATALOGUE.map(({ code, title, description, source }) => ({ code, title, description, source })),
  };
}
