// The framing is shared with the control channel and lives in @mcp-wrappers/wire.
export { LineReader, type LineEvent } from "@mcp-wrappers/wire";
