// Where a page gets its scene and sends its picks: the app's view server (HTTP + server-sent events, token
// from the page's own URL) or an MCP host (the MCP Apps bridge). The viewer never knows which.
export interface SelectRequest {
  mode: "replace" | "add" | "remove";
  geometry?: { body: string; face: string }[];
  faces?: { element: number; face: number }[];
  nodes?: number[];
  elements?: number[];
  clear?: boolean;
}

export interface Transport {
  readonly kind: "app" | "mcp-app";
  /** Called with every new scene (the first one too). */
  start(onScene: (bytes: Uint8Array) => void, onStatus: (text: string, live: boolean) => void): void;
  /** Makes the pick the app's selection; resolves to a short message for the status line. */
  select(request: SelectRequest): Promise<{ ok: boolean; message: string }>;
}
