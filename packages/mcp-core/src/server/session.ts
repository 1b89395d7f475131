import { exceedsDepth } from "../jsonrpc/depth.js";
import { BATCH_REMOVED_HINT, ERRORS } from "../jsonrpc/error-codes.js";
import { classify, type RequestId } from "../jsonrpc/message.js";
import { errorLine, resultLine, type ErrorBody } from "../jsonrpc/serialize.js";
import { OLDEST_VERSION, negotiateVersion, supportsBatches, supportsStructured, type ProtocolVersion } from "../protocol/versions.js";
import { errorResult } from "../results/helpers.js";
import { gateResult } from "../results/gate.js";
import type { ToolResult } from "../results/types.js";
import type { ToolContext } from "../tools/context.js";
import type { ToolRow, Validation } from "../tools/tool.js";
import { decodeUtf8Line } from "../transport/decode.js";
import type { LineEvent } from "../transport/line-reader.js";
import type { ResourceContent, ServerDefinition } from "./definition.js";
import { KeyedQueues } from "./keyed-queue.js";
import { CallContext, LiveCall, progressTokenOf } from "./live-call.js";

/** A reply: a complete line now, one later (null: none, e.g. a cancelled call), or none at all. */
type Reply = string | Promise<string | null> | null;
type Handler = (id: RequestId, params: unknown) => Reply;

export interface SessionIO {
  /** Writes one protocol line (compact JSON, no newline). */
  readonly send: (line: string) => void;
  /** Writes a diagnostic (stderr); used only for faults inside the core itself. */
  readonly log: (text: string) => void;
}

const PARSE_ERROR_LINE = errorLine(null, ERRORS.parse);
const TOO_LARGE_LINE = errorLine(null, ERRORS.tooLarge);
const BATCH_REFUSED_LINE = errorLine(null, { ...ERRORS.invalidRequest, data: BATCH_REMOVED_HINT });
const EMPTY_RESULT = "{}";

/**
 * One client's conversation: turns input lines into replies. Tool calls run concurrently (the
 * reader never waits for them) unless their rows share a queue key.
 */
export class Session {
  readonly #def: ServerDefinition;
  readonly #io: SessionIO;
  readonly #methods: ReadonlyMap<string, Handler>;
  readonly #calls = new Map<string | number, LiveCall>();
  /** Replies still to come; `idle()` waiters are released when it reaches 0. */
  #pending = 0;
  #idleWaiters: Array<() => void> = [];
  readonly #queues = new KeyedQueues();
  #version: ProtocolVersion = OLDEST_VERSION;
  /** A session negotiates once; a second `initialize` is refused so the era cannot shift under running calls. */
  #initialized = false;

  constructor(def: ServerDefinition, io: SessionIO) {
    this.#def = def;
    this.#io = io;
    const methods: Array<[string, Handler]> = [
      ["initialize", (id, params) => this.#initialize(id, params)],
      ["ping", (id) => resultLine(id, EMPTY_RESULT)],
      ["tools/list", (id) => this.#listTools(id)],
      ["tools/call", (id, params) => this.#callTool(id, params)],
    ];
    if (def.resources.length > 0) {
      methods.push(["resources/list", (id) => resultLine(id, def.resourcesListJson)]);
      methods.push(["resources/read", (id, params) => this.#readResource(id, params)]);
    }
    this.#methods = new Map(methods);
  }

  /** The negotiated protocol version (the oldest until `initialize`). */
  get protocolVersion(): ProtocolVersion {
    return this.#version;
  }

  /** Number of calls and reads not yet replied to. */
  get pending(): number {
    return this.#pending;
  }

  /** Handles one framed input line. */
  receive(event: LineEvent): void {
    if (event.kind === "too-large") {
      this.#io.send(TOO_LARGE_LINE);
      return;
    }
    const value = this.#parse(event.bytes);
    if (value === PARSE_FAILED) {
      this.#io.send(PARSE_ERROR_LINE);
      return;
    }
    this.#deliver(this.#dispatch(value, true));
  }

  /** Resolves when every call in flight has replied (or been cancelled). */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Aborts every call in flight; none of them will be answered. */
  abortAll(reason: string): void {
    for (const call of this.#calls.values()) call.cancel(reason);
  }

  #parse(bytes: Buffer): unknown {
    if (exceedsDepth(bytes, this.#def.policies.maxDepth)) return PARSE_FAILED;
    const text = decodeUtf8Line(bytes);
    if (text === undefined) return PARSE_FAILED;
    try {
      return JSON.parse(text);
    } catch {
      return PARSE_FAILED;
    }
  }

  #deliver(reply: Reply): void {
    if (reply === null) return;
    if (typeof reply === "string") {
      this.#io.send(reply);
      return;
    }
    this.#pending++;
    reply.then(this.#onLater, this.#onLaterFailed);
  }

  /** Shared callbacks (no closure per call) for replies that come later. */
  readonly #onLater = (line: string | null): void => {
    if (line !== null) this.#io.send(line);
    this.#settled();
  };

  readonly #onLaterFailed = (error: unknown): void => {
    this.#io.log(`mcp-core: internal error: ${describe(error)}`);
    this.#settled();
  };

  #settled(): void {
    if (--this.#pending > 0 || this.#idleWaiters.length === 0) return;
    const waiters = this.#idleWaiters;
    this.#idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  #dispatch(value: unknown, topLevel: boolean): Reply {
    const message = classify(value);
    switch (message.kind) {
      case "batch":
        return topLevel ? this.#batch(message.items) : errorLine(null, ERRORS.invalidRequest);
      case "invalid":
        return errorLine(message.id, ERRORS.invalidRequest);
      case "notification":
        this.#notify(message.method, message.params);
        return null;
      case "request": {
        const handler = this.#methods.get(message.method);
        if (handler === undefined) return errorLine(message.id, ERRORS.methodNotFound);
        try {
          return handler(message.id, message.params);
        } catch (error) {
          this.#io.log(`mcp-core: internal error in ${message.method}: ${describe(error)}`);
          return errorLine(message.id, { ...ERRORS.internal, data: describe(error) });
        }
      }
    }
  }

  #batch(items: readonly unknown[]): Reply {
    const policy = this.#def.policies.batch;
    if (policy === false || !supportsBatches(this.#version)) return BATCH_REFUSED_LINE;
    if (items.length === 0) return errorLine(null, { ...ERRORS.invalidRequest, data: "an empty batch holds no request" });
    if (items.length > policy.maxMessages) {
      return errorLine(null, { ...ERRORS.invalidRequest, data: `a batch holds at most ${policy.maxMessages} messages` });
    }
    const replies = items.map((item) => this.#dispatch(item, false));
    if (replies.every((r) => typeof r !== "object" || r === null)) return joinBatch(replies as Array<string | null>);
    return Promise.all(replies).then(joinBatch);
  }

  #notify(method: unknown, params: unknown): void {
    if (method !== "notifications/cancelled" || !isObject(params)) return;
    const requestId = params.requestId;
    if (typeof requestId !== "string" && typeof requestId !== "number") return;
    const call = this.#calls.get(requestId);
    if (call !== undefined) call.cancel(typeof params.reason === "string" ? params.reason : "cancelled by the client");
  }

  #initialize(id: RequestId, params: unknown): string {
    if (this.#initialized) {
      return errorLine(id, { ...ERRORS.invalidRequest, data: `this session is already initialized (protocol ${this.#version}); start a new session to negotiate again` });
    }
    this.#initialized = true;
    const version = negotiateVersion(isObject(params) ? params.protocolVersion : undefined);
    this.#version = version;
    return resultLine(id, this.#def.initializeJson.get(version)!);
  }

  #listTools(id: RequestId): string {
    const lists = this.#def.toolsListJson;
    return resultLine(id, supportsStructured(this.#version) ? lists.structured : lists.plain);
  }

  #callTool(id: RequestId, params: unknown): Reply {
    if (!isObject(params)) return invalidParams(id, "`tools/call` needs a params object with a tool `name`");
    const name = params.name;
    if (typeof name !== "string") return invalidParams(id, "`tools/call` needs a string `name`");
    const args = params.arguments;
    if (args !== undefined && args !== null && !isObject(args)) return invalidParams(id, "`arguments` must be an object");
    const row = this.#def.toolsByName.get(name);
    if (row === undefined) return invalidParams(id, `Unknown tool: ${name}`);

    const version = this.#version;
    const structured = supportsStructured(version);
    const raw = (args ?? {}) as Record<string, unknown>;
    let checked: Validation<unknown>;
    try {
      checked = row.validate(raw);
    } catch (error) {
      // A crashing validator is the server's fault, yet the client still gets a result, not -32603.
      return resultLine(id, serializeResult(errorResult(`Tool \`${row.name}\` failed while checking its arguments: ${describe(error)}`), structured));
    }
    if (!checked.ok) return this.#refuseArguments(id, row, checked.message, structured);
    const value = checked.value;

    const call = this.#register(id);
    const ctx = new CallContext(call, progressTokenOf(params), this.#io.send, version, structured, id);
    const reply =
      row.queue === undefined
        ? runTool(row, value, ctx)
        : this.#queues.run<ToolResult | undefined>(row.queue, () => call.cancelled, () => runTool(row, value, ctx), undefined);
    return reply.then((result) => {
      this.#unregister(id, call);
      if (call.cancelled || result === undefined) return null;
      return resultLine(id, serializeResult(result, structured));
    });
  }

  #refuseArguments(id: RequestId, row: ToolRow, message: string, structured: boolean): string {
    const policy = this.#def.policies.invalidArguments;
    if (policy === "json-rpc-error") return invalidParams(id, `Invalid arguments for tool \`${row.name}\`: ${message}`);
    let result: unknown;
    try {
      result = policy(row, message);
    } catch (error) {
      result = errorResult(`Invalid arguments for tool \`${row.name}\`: ${message}`);
      this.#io.log(`mcp-core: invalidArguments policy threw: ${describe(error)}`);
    }
    return resultLine(id, serializeResult(result, structured));
  }

  #readResource(id: RequestId, params: unknown): Reply {
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri !== "string") return invalidParams(id, "`resources/read` needs a string `uri`");
    const row = this.#def.resourcesByUri.get(uri);
    if (row === undefined) return errorLine(id, { ...ERRORS.resourceNotFound, message: `Resource not found: ${uri}`, data: { uri } });
    const call = this.#register(id);
    const version = this.#version;
    const ctx = { get signal() { return call.signal; }, protocolVersion: version, uri };
    return (async (): Promise<string | null> => {
      try {
        const content = await row.read(ctx);
        return call.cancelled ? null : resultLine(id, JSON.stringify({ contents: [resourceContents(uri, row.mimeType, content)] }));
      } catch (error) {
        return call.cancelled ? null : errorLine(id, { ...ERRORS.internal, message: `Reading ${uri} failed: ${describe(error)}` });
      } finally {
        this.#unregister(id, call);
      }
    })();
  }

  #register(id: RequestId): LiveCall {
    const call = new LiveCall();
    if (id !== null && (typeof id === "string" || typeof id === "number")) this.#calls.set(id, call);
    return call;
  }

  #unregister(id: RequestId, call: LiveCall): void {
    call.done = true;
    if ((typeof id === "string" || typeof id === "number") && this.#calls.get(id) === call) this.#calls.delete(id);
  }
}

const PARSE_FAILED: unique symbol = Symbol("parse failed");

async function runTool(row: ToolRow, args: unknown, ctx: ToolContext): Promise<ToolResult> {
  try {
    return await row.run(args, ctx);
  } catch (error) {
    return errorResult(`Tool \`${row.name}\` failed: ${describe(error)}`);
  }
}

function serializeResult(value: unknown, structured: boolean): string {
  try {
    return JSON.stringify(gateResult(value, structured));
  } catch (error) {
    return JSON.stringify(errorResult(`the tool's result could not be serialised: ${describe(error)}`));
  }
}

function resourceContents(uri: string, mimeType: string, content: ResourceContent): object {
  if ("json" in content) return { uri, mimeType, text: JSON.stringify(content.json) ?? "null" };
  return { uri, mimeType, text: content.text };
}

function joinBatch(replies: ReadonlyArray<string | null>): string | null {
  const lines = replies.filter((r): r is string => r !== null);
  return lines.length === 0 ? null : "[" + lines.join(",") + "]";
}


function invalidParams(id: RequestId, message: string): string {
  const body: ErrorBody = { code: ERRORS.invalidParams.code, message };
  return errorLine(id, body);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === "string" ? error : JSON.stringify(error) ?? String(error);
}
