/**
 * A client that speaks only the 2026-07-28 revision, written from its schema: no `initialize`;
 * every request carries the version, the client's capabilities and identity in `_meta`; over HTTP
 * each POST also carries `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name`.
 */
import type { RawDriver } from "./raw-driver.js";

export const MODERN_VERSION = "2026-07-28";

const META_VERSION = "io.modelcontextprotocol/protocolVersion";
const META_CAPS = "io.modelcontextprotocol/clientCapabilities";
const META_INFO = "io.modelcontextprotocol/clientInfo";
const META_LOG = "io.modelcontextprotocol/logLevel";

export interface ModernCallOptions {
  readonly version?: string;
  readonly logLevel?: string;
  readonly progressToken?: string | number;
  readonly id?: string | number;
  /** Extra or replaced HTTP headers (to test the server's header checks). */
  readonly headers?: Readonly<Record<string, string | undefined>>;
}

export interface ModernReply {
  /** HTTP status (200 over stdio). */
  readonly status: number;
  /** The JSON-RPC response: `result` or `error`. */
  readonly message: { readonly id?: unknown; readonly result?: Record<string, unknown>; readonly error?: { code: number; message: string; data?: unknown } };
  /** Notifications that came before it (progress, log messages). */
  readonly notifications: ReadonlyArray<{ readonly method: string; readonly params?: Record<string, unknown> }>;
  readonly contentType: string;
}

let nextId = 1;

/** The request body of a modern request: `params` plus the required `_meta`. */
export function modernRequest(method: string, params: Record<string, unknown> = {}, options: ModernCallOptions = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    ...((params._meta as Record<string, unknown> | undefined) ?? {}),
    [META_VERSION]: options.version ?? MODERN_VERSION,
    [META_CAPS]: {},
    [META_INFO]: { name: "modern-test-client", version: "1.0.0" },
  };
  if (options.logLevel !== undefined) meta[META_LOG] = options.logLevel;
  if (options.progressToken !== undefined) meta.progressToken = options.progressToken;
  return { jsonrpc: "2.0", id: options.id ?? `m${nextId++}`, method, params: { ...params, _meta: meta } };
}

function headerSafe(value: string): string {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value) && !/^=\?base64\?.*\?=$/.test(value)
    ? value
    : `=?base64?${Buffer.from(value, "utf8").toString("base64")}?=`;
}

/** The modern client over Streamable HTTP (stateless: no session id, no GET stream). */
export class ModernHttpClient {
  readonly url: string;
  readonly #token: string | undefined;

  constructor(url: string, options: { readonly token?: string } = {}) {
    this.url = url;
    this.#token = options.token;
  }

  async request(method: string, params: Record<string, unknown> = {}, options: ModernCallOptions = {}): Promise<ModernReply> {
    const body = modernRequest(method, params, options);
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": options.version ?? MODERN_VERSION,
      "Mcp-Method": method,
    };
    const name = method === "resources/read" ? params.uri : method === "tools/call" || method === "prompts/get" ? params.name : undefined;
    if (typeof name === "string") headers["Mcp-Name"] = headerSafe(name);
    if (this.#token !== undefined) headers.Authorization = `Bearer ${this.#token}`;
    for (const [k, v] of Object.entries(options.headers ?? {})) {
      if (v === undefined) delete headers[k];
      else headers[k] = v;
    }
    const response = await fetch(this.url, { method: "POST", headers, body: JSON.stringify(body) });
    const contentType = response.headers.get("content-type") ?? "";
    const text = await response.text();
    if (!contentType.startsWith("text/event-stream")) {
      return { status: response.status, message: text === "" ? {} : JSON.parse(text), notifications: [], contentType };
    }
    const events = text.split(/\n\n/).map((block) =>
      block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trimStart()).join("\n"),
    ).filter((d) => d !== "").map((d) => JSON.parse(d) as Record<string, unknown>);
    const final = events.find((e) => "result" in e || "error" in e) ?? {};
    const notifications = events.filter((e) => typeof e.method === "string") as unknown as ModernReply["notifications"];
    return { status: response.status, message: final as ModernReply["message"], notifications, contentType };
  }
}

/** The modern client over a stdio server driven by a `RawDriver` (requests by line, no `initialize`). */
export class ModernStdioClient {
  readonly #driver: RawDriver;

  constructor(driver: RawDriver) {
    this.#driver = driver;
  }

  async request(method: string, params: Record<string, unknown> = {}, options: ModernCallOptions = {}): Promise<ModernReply> {
    const body = modernRequest(method, params, options);
    const id = body.id as string | number;
    const before = this.#driver.messages.length;
    this.#driver.send(JSON.stringify(body));
    const message = (await this.#driver.waitFor(id)) as ModernReply["message"];
    const notifications = this.#driver.messages.slice(before).filter((m) => {
      const p = (m as { params?: Record<string, unknown> }).params;
      return typeof (m as { method?: unknown }).method === "string" && (p?.progressToken === undefined || p.progressToken === options.progressToken);
    }) as unknown as ModernReply["notifications"];
    return { status: 200, message, notifications, contentType: "application/x-ndjson" };
  }
}
