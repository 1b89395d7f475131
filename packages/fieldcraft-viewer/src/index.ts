// @mcp-wrappers/fieldcraft-viewer: the web viewer (one self-contained HTML page) and the server side that
// feeds it: the scene builder (surface extraction, binary packing) and the ui.scene command row.
export { buildScene, encodeScene, MESH_EDGE_BUDGET, type SceneInput, type BuiltScene } from "./scene/build.js";
export type { SceneHeader, SymbolInfo, FieldInfo, SelectionInfo } from "./scene/types.js";
export { encodeFrame, decodeFrame, MAGIC, type DecodedFrame } from "./wire/format.js";
export { uiSceneCommand } from "./command/scene-command.js";
export { viewerHtml, viewerScriptHash, viewerCsp, MCP_APP_MIME_TYPE, VIEWER_RESOURCE_URI, SCENE_RESOURCE_URI, VIEWER_RESOURCE_META } from "./html.js";
