// Inside an MCP host: the MCP Apps bridge (postMessage to the host, no network). The tool result says a
// model changed; the scene itself is read from the server's `fieldcraft://view/scene` resource (a blob).
import { App } from "@modelcontextprotocol/ext-apps";
import { base64ToBytes } from "../wire/format.js";
import type { SelectRequest, Transport } from "./transport.js";

export const SCENE_URI = "fieldcraft://view/scene";

export function mcpTransport(): Transport {
  const app = new App({ name: "FieldCraft viewer", version: "0.1.0" });
  return {
    kind: "mcp-app",
    start(onScene, onStatus) {
      // A height of its own before the bridge starts reporting sizes (template.html, `in-host`).
      document.documentElement.classList.add("in-host");
      const load = async () => {
        try {
          const read = await app.readServerResource({ uri: SCENE_URI });
          const item = read.contents[0] as { blob?: string; text?: string } | undefined;
          if (!item || typeof item.blob !== "string") throw new Error(`${SCENE_URI} gave no blob`);
          onScene(base64ToBytes(item.blob));
          onStatus("showing the tool's model", true);
        } catch (e) {
          onStatus(`cannot read the scene from the host: ${(e as Error).message}`, false);
        }
      };
      app.ontoolresult = () => void load();
      app.onhostcontextchanged = () => undefined;
      app.connect().then(
        () => onStatus("connected to the host; waiting for a tool result", false),
        (e: unknown) => onStatus(`no MCP host: ${(e as Error).message}`, false),
      );
    },
    async select(request: SelectRequest) {
      try {
        const { mode, ...rest } = request;
        const r = await app.callServerTool({ name: "select", arguments: { mode, ...rest } });
        const text = r.content?.find((c) => c.type === "text") as { text?: string } | undefined;
        return { ok: !r.isError, message: r.isError ? `not selected: ${text?.text ?? "error"}` : "selected" };
      } catch (e) {
        return { ok: false, message: `not selected: ${(e as Error).message}` };
      }
    },
  };
}
