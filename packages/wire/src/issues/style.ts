/** How a caller names the value it validated; the wording of the problems is the same for everyone. */
export interface IssueStyle {
  /** Name of the whole value: "arguments" (an MCP tool), "params" (an engine command), "design" (a file). */
  readonly root: string;
  /** Write the root before every path ("params.system") instead of only for the value itself ("system"). */
  readonly rootInPath?: boolean;
  /** What one key is called in "unknown argument `x`": "argument", "parameter", "field". */
  readonly noun: string;
  /** Add the `name` or `id` of array items to the path (`bodies[0] ("Plate")`), for data whose items are named. */
  readonly labelItems?: boolean;
}

export const MCP_ARGUMENTS: IssueStyle = Object.freeze({ root: "arguments", noun: "argument" });
export const COMMAND_PARAMS: IssueStyle = Object.freeze({ root: "params", rootInPath: true, noun: "parameter" });
