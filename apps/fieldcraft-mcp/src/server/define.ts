// The FieldCraft MCP server as data: identity, instructions, the tool table over a backend, resources and limits.
import { defineServer, type ServerDefinition } from "@mcp-wrappers/mcp-core";
import type { Backend } from "../backend/types.js";
import { CatalogueView } from "../tools/catalogue-view.js";
import { buildTools } from "../tools/table.js";
import { INSTRUCTIONS } from "./instructions.js";
import packageJson from "../../package.json" with { type: "json" };
import { resources } from "./resources.js";
import { MAX_REPLY_BYTES } from "../replies/reply-bound.js";

export const SERVER_NAME = "fieldcraft";
/** The published version, so `--version`, serverInfo and the registry entry never disagree. */
export const SERVER_VERSION: string = packageJson.version;
export const MAX_JSONRPC_BATCH = 100;
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
/**
 * The core's bound on one result line, which is also a JSON-RPC batch's budget for all its replies together.
 * A tool result passes MAX_REPLY_BYTES (twice its JSON) first; its line is at most 1.5x that (the text copy's
 * escaped quotes), so no single reply is ever cut here, while a batch of probes stops at ~96 MiB instead of GBs.
 */
export const MAX_RESULT_LENGTH = (MAX_REPLY_BYTES * 3) / 2;
export const MAX_DEPTH = 128;

export async function fieldcraftServer(backend: Backend): Promise<ServerDefinition> {
  const catalogue = new CatalogueView(await backend.catalogue());
  return defineServer({
    name: SERVER_NAME,
    title: "FieldCraft",
    version: SERVER_VERSION,
    instructions: INSTRUCTIONS,
    tools: buildTools({ backend, catalogue }),
    resources: resources(backend),
    policies: {
      batch: { maxMessages: MAX_JSONRPC_BATCH },
      invalidArguments: "json-rpc-error",
      maxLineBytes: MAX_LINE_BYTES,
      maxDepth: MAX_DEPTH,
      maxResultLength: MAX_RESULT_LENGTH,
    },
    onShutdown: async () => {
      await backend.close();
    },
  });
}
