// Shared with the control channel; see @mcp-wrappers/wire.
export { decodeUtf8Line } from "@mcp-wrappers/wire";
