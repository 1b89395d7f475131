/**
 * @mcp-wrappers/mcp-core: a stdio MCP server declared as data.
 * See the package README for the rules it implements and a complete example.
 */
export * from "./server/index.js";
export * from "./tools/index.js";
export * from "./results/index.js";
export * from "./http/index.js";
export {
  PROTOCOL_VERSIONS, PREFERRED_VERSION, OLDEST_VERSION, negotiateVersion, supportsStructured, supportsBatches,
  type ProtocolVersion,
  MODERN_VERSIONS, SUPPORTED_VERSIONS, META, MODERN_ERRORS, LOG_LEVELS, type ModernVersion, type LogLevel,
} from "./protocol/index.js";
export { exceedsDepth, ERRORS, BATCH_REMOVED_HINT, classify, type RequestId, type Classified } from "./jsonrpc/index.js";
export { LineReader, LinePieces, lineText, type LineEvent, type Line, type Piece } from "./transport/index.js";
