export { issueLines, formatIssues, INPUT_UNSEEN } from "./describe.js";
export { type IssueStyle, MCP_ARGUMENTS, COMMAND_PARAMS } from "./style.js";
