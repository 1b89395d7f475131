// A minimal MCP Apps host, written for the tests with the extension's host side (AppBridge): it renders a UI
// resource in a sandboxed iframe (scripts only, opaque origin) under the CSP the resource declares, hands it
// the tool's input and result, and forwards its resource reads and tool calls to the test's MCP client
// (functions the test exposes on this page).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

interface HostInput {
  html: string;
  csp: { connectDomains?: string[]; resourceDomains?: string[] };
  toolName: string;
  toolArgs: Record<string, unknown>;
  toolResult: any;
}

declare global {
  interface Window {
    hostReadResource(params: unknown): Promise<any>;
    hostCallTool(params: unknown): Promise<any>;
    hostLog: string[];
    showInHost(input: HostInput): Promise<void>;
  }
}

/** The sandbox's CSP from the resource's `_meta.ui.csp`: declared origins only; none declared, no network. */
function cspFor(csp: HostInput["csp"]): string {
  const connect = csp.connectDomains?.length ? csp.connectDomains.join(" ") : "'none'";
  const resources = csp.resourceDomains?.length ? ` ${csp.resourceDomains.join(" ")}` : "";
  return `default-src 'none'; script-src 'unsafe-inline'${resources}; style-src 'unsafe-inline'${resources}; img-src data: blob:${resources}; font-src${resources || " 'none'"}; connect-src ${connect}; frame-src 'none'; base-uri 'none'`;
}

window.hostLog = [];
window.showInHost = async (input: HostInput) => {
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-scripts");
  frame.title = "FieldCraft viewer (MCP App)";
  document.getElementById("app-slot")!.appendChild(frame);
  const bridge = new AppBridge(null, { name: "viewer-test-host", version: "1.0.0" }, { serverResources: {}, serverTools: {}, logging: {} });
  bridge.onreadresource = async (params) => window.hostReadResource(params);
  bridge.oncalltool = async (params) => window.hostCallTool(params);
  bridge.onloggingmessage = (p) => void window.hostLog.push(`log: ${JSON.stringify(p.data)}`);
  // As the ext-apps documentation says a host does: the frame takes exactly the height the app reports.
  bridge.onsizechange = (p) => {
    window.hostLog.push(`size: ${p.width}x${p.height}`);
    if (p.height !== undefined) frame.style.height = `${p.height}px`;
  };
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  await bridge.connect(new PostMessageTransport(frame.contentWindow!, frame.contentWindow!));
  const meta = `<meta http-equiv="Content-Security-Policy" content="${cspFor(input.csp)}">`;
  frame.srcdoc = input.html.replace(/<head>/i, `<head>${meta}`);
  await initialized;
  window.hostLog.push("initialized");
  await bridge.sendToolInput({ arguments: input.toolArgs });
  await bridge.sendToolResult(input.toolResult);
  window.hostLog.push("result sent");
};
