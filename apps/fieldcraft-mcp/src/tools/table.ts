// The tool table: one row per tool of the seed, in its order; a row whose engine command is missing is left out.
import type { ToolRow } from "@mcp-wrappers/mcp-core";
import type { ToolDeps } from "./deps.js";
import { batchTool, executeTool, listCommandsTool } from "./commands.js";
import { checkModelTool, inspectModelTool, redoTool, undoTool } from "./model.js";
import { openTool, saveTool, writeDeckTool } from "./files.js";
import { meshTool, probeTool, reactionsTool, showResultsTool, solveTool } from "./analysis.js";
import { screenshotTool, selectionTool, selectTool } from "./view.js";

const BUILDERS: readonly ((deps: ToolDeps) => ToolRow | null)[] = [
  listCommandsTool,
  executeTool,
  batchTool,
  inspectModelTool,
  checkModelTool,
  openTool,
  saveTool,
  writeDeckTool,
  meshTool,
  solveTool,
  showResultsTool,
  probeTool,
  reactionsTool,
  screenshotTool,
  selectTool,
  selectionTool,
  undoTool,
  redoTool,
];

export function buildTools(deps: ToolDeps): ToolRow[] {
  return BUILDERS.map((build) => build(deps)).filter((row): row is ToolRow => row !== null);
}
