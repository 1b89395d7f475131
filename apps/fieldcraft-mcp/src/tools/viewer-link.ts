// The MCP Apps link on the tools whose results a person wants to look at (show_results, mesh, inspect_model):
// hosts that support MCP Apps show the viewer (ui://fieldcraft/viewer) beside the answer; others ignore it.
import { VIEWER_RESOURCE_URI } from "@mcp-wrappers/fieldcraft-viewer";

export const VIEWER_TOOL_META = { ui: { resourceUri: VIEWER_RESOURCE_URI }, "ui/resourceUri": VIEWER_RESOURCE_URI } as const;
