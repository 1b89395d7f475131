/**
 * @mcp-wrappers/wire: the pieces every line protocol here shares — framing a byte stream into
 * bounded lines, decoding them, and telling a caller what is wrong with what they sent.
 */
export { LineReader, type LineEvent } from "./lines/line-reader.js";
export { decodeUtf8Line, withoutCarriageReturn } from "./lines/decode.js";
export { issueLines, formatIssues, INPUT_UNSEEN, type IssueStyle, MCP_ARGUMENTS, COMMAND_PARAMS } from "./issues/index.js";
