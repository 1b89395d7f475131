// The rows the app adds to the engine's: the viewport selection and the viewer's scene (which a bridged MCP
// server reads for its MCP App). One list, for the worker's session and for the catalogue known on the main thread.
import { uiSelectCommand, uiSelectionCommand } from "@mcp-wrappers/fieldcraft-engine";
import { uiSceneCommand } from "@mcp-wrappers/fieldcraft-viewer";

export const APP_COMMANDS = [uiSelectCommand, uiSelectionCommand, uiSceneCommand];
