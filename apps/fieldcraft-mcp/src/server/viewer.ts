// The MCP App (MCP Apps extension): the web viewer as a UI resource and the scene it reads (the tools link to
// it with src/tools/viewer-link.ts). Hosts without the extension ignore both and show today's text and PNG.
import {
  MCP_APP_MIME_TYPE,
  SCENE_RESOURCE_URI,
  VIEWER_RESOURCE_META,
  VIEWER_RESOURCE_URI,
  viewerHtml,
} from "@mcp-wrappers/fieldcraft-viewer";
import type { ResourceRow } from "@mcp-wrappers/mcp-core";
import type { Backend } from "../backend/types.js";

export function viewerResources(backend: Backend): ResourceRow[] {
  return [
    {
      uri: VIEWER_RESOURCE_URI,
      name: "viewer",
      title: "FieldCraft 3D viewer",
      description: "The model in 3D (MCP App): surface, set-up symbols, contours with a legend, deformed shape; orbit, pan, zoom, pick",
      mimeType: MCP_APP_MIME_TYPE,
      _meta: VIEWER_RESOURCE_META,
      read: () => ({ text: viewerHtml() }),
    },
    {
      uri: SCENE_RESOURCE_URI,
      name: "view-scene",
      title: "The model as the viewer draws it",
      description: "ui.scene: the outer surface, symbols and results on show as one binary frame (fieldcraft-view/1), for the viewer",
      mimeType: "application/vnd.fieldcraft.view",
      read: async () => {
        const outcome = await backend.execute("ui.scene", {});
        if (!outcome.ok) throw new Error(`ui.scene: ${outcome.error}`);
        const scene = (outcome.result as { scene?: unknown } | null)?.scene;
        if (typeof scene !== "string") throw new Error("ui.scene returned no scene");
        return { blob: new Uint8Array(Buffer.from(scene, "base64")) };
      },
    },
  ];
}
