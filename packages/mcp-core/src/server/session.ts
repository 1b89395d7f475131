import { BATCH_REMOVED_HINT, ERRORS } from "../jsonrpc/error-codes.js";
import { classify, type RequestId } from "../jsonrpc/message.js";
import { errorLine, joinLines, resultLine, resultLinePieces, type ErrorBody } from "../jsonrpc/serialize.js";
import type { Line, LinePieces, Piece } from "../transport/line-pieces.js";
import { OLDEST_VERSION, negotiateVersion, supportsBatches, supportsStructured, type ProtocolVersion } from "../protocol/versions.js";
import { eraOf, REMOVED_IN_MODERN, unsupportedVersionError } from "../protocol/modern.js";
import { PARSE_FAILED, parseMessageBytes } from "../jsonrpc/parse-bytes.js";
import { errorResult } from "../results/helpers.js";
import { gateResult } from "../results/gate.js";
import { PreserializedResult, spliceResult, splicedLength } from "../results/preserialized.js";
import type { ToolResult } from "../results/types.js";
import type { ToolContext } from "../tools/context.js";
import type { ToolRow, Validation } from "../tools/tool.js";
import type { LineEvent } from "../transport/line-reader.js";
import type { ResourceContent, ServerDefinition } from "./definition.js";
import { KeyedQueues } from "./keyed-queue.js";
import { CallContext, LiveCall, progressTokenOf } from "./live-call.js";

/**
 * A reply: a complete line now, one later (null: none, e.g. a cancelled call), or none at all. A line is text, or
 * pieces (LinePieces) when a tool's result was serialised ahead of time as bytes.
 */
export type Reply = Line | Promise<Line | null> | null;
type Handler = (id: RequestId, params: unknown, scope: Scope) => Reply;

/**
 * Where one message's notifications go, and how its calls end: stdio has one outlet for
 * everything; HTTP gives each POST its own (closing its stream aborts `signal`).
 */
export interface Outlet {
  readonly send: (line: string) => void;
  /** Aborted when the client can no longer receive this message's replies (its HTTP stream closed). */
  readonly signal?: AbortSignal;
  /** Whether calls may be cancelled by id (`notifications/cancelled`): false where ids of many clients mix. */
  readonly cancelById: boolean;
}

/** What one request is served as: its era and version, and where its notifications go. */
interface Scope {
  readonly version: string;
  readonly modern: boolean;
  readonly structured: boolean;
  /** Lowest log level the client asked for (-1: no `notifications/message` at all). */
  readonly logRank: number;
  readonly outlet: Outlet;
}

export interface SessionIO {
  /** Writes one protocol line (compact JSON, no newline). */
  readonly send: (line: string) => void;
  /**
   * Writes one protocol line given as pieces, one after another (no newline inside). Without it, such a line is
   * joined into text and given to `send` (correct, but its bytes are decoded on this thread).
   */
  readonly sendPieces?: (line: LinePieces) => void;
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
  readonly #modernMethods: ReadonlyMap<string, Handler>;
  readonly #outlet: Outlet;
  readonly #calls = new Map<string | number, LiveCall>();
  /** Every call in flight, cancellable by id or not (for `abortAll`). */
  readonly #live = new Set<LiveCall>();
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
    this.#outlet = { send: io.send, cancelById: true };
    const shared: Array<[string, Handler]> = [
      ["server/discover", (id) => resultLine(id, def.modern.discoverJson)],
      ["tools/list", (id, _params, scope) => this.#listTools(id, scope)],
      ["tools/call", (id, params, scope) => this.#callTool(id, params, scope)],
    ];
    if (def.resources.length > 0) {
      shared.push(["resources/list", (id, _params, scope) => resultLine(id, scope.modern ? def.modern.resourcesListJson : def.resourcesListJson)]);
      shared.push(["resources/read", (id, params, scope) => this.#readResource(id, params, scope)]);
    }
    this.#modernMethods = new Map(shared.filter(([name]) => !REMOVED_IN_MODERN.has(name)));
    this.#methods = new Map<string, Handler>([
      ["initialize", (id, params) => this.#initialize(id, params)],
      ["ping", (id) => resultLine(id, EMPTY_RESULT)],
      ...shared,
    ]);
  }

  /** Whether this server answers `method` in the given era. */
  knows(method: string, modern: boolean): boolean {
    return (modern ? this.#modernMethods : this.#methods).has(method);
  }

  /** Whether a legacy client has sent `initialize`. */
  get initialized(): boolean {
    return this.#initialized;
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
    const value = parseMessageBytes(event.bytes, this.#def.policies.maxDepth);
    if (value === PARSE_FAILED) {
      this.#io.send(PARSE_ERROR_LINE);
      return;
    }
    this.#deliver(this.#dispatch(value, true, this.#outlet));
  }

  /**
   * Handles one parsed message for a transport that routes replies itself (HTTP): notifications
   * of its calls go to `outlet`, the reply is returned (a line, a promise of one, or null).
   */
  handle(value: unknown, outlet: Outlet): Reply {
    const reply = this.#dispatch(value, true, outlet);
    if (!(reply instanceof Promise)) return reply;
    this.#pending++;
    return reply.then(
      (line) => {
        this.#settled();
        return line;
      },
      (error: unknown) => {
        this.#io.log(`mcp-core: internal error: ${describe(error)}`);
        this.#settled();
        return null;
      },
    );
  }

  /** Resolves when every call in flight has replied (or been cancelled). */
  idle(): Promise<void> {
    if (this.#pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Aborts every call in flight; none of them will be answered. */
  abortAll(reason: string): void {
    for (const call of [...this.#live]) call.cancel(reason);
  }

  #deliver(reply: Reply): void {
    if (reply === null) return;
    if (!(reply instanceof Promise)) {
      this.#send(reply);
      return;
    }
    this.#pending++;
    reply.then(this.#onLater, this.#onLaterFailed);
  }

  #send(line: Line): void {
    if (typeof line === "string") this.#io.send(line);
    else if (this.#io.sendPieces !== undefined) this.#io.sendPieces(line);
    else this.#io.send(line.toString());
  }

  /** Shared callbacks (no closure per call) for replies that come later. */
  readonly #onLater = (line: Line | null): void => {
    if (line !== null) this.#send(line);
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

  #dispatch(value: unknown, topLevel: boolean, outlet: Outlet): Reply {
    const message = classify(value);
    switch (message.kind) {
      case "batch":
        return topLevel ? this.#batch(message.items, outlet) : errorLine(null, ERRORS.invalidRequest);
      case "invalid":
        return errorLine(message.id, ERRORS.invalidRequest);
      case "notification":
        if (outlet.cancelById) this.#notify(message.method, message.params);
        return null;
      case "request": {
        // `initialize` always opens the legacy era; otherwise a request's own `_meta` picks the era.
        const era = message.method === "initialize" ? LEGACY_ERA : eraOf(message.params);
        let scope: Scope;
        let handler: Handler | undefined;
        switch (era.kind) {
          case "unsupported":
            return errorLine(message.id, unsupportedVersionError(era.requested));
          case "malformed":
            return invalidParams(message.id, era.message);
          case "modern":
            scope = { version: era.version, modern: true, structured: true, logRank: era.logRank, outlet };
            handler = this.#modernMethods.get(message.method);
            break;
          case "legacy":
            scope = { version: this.#version, modern: false, structured: supportsStructured(this.#version), logRank: -1, outlet };
            handler = this.#methods.get(message.method);
            break;
        }
        if (handler === undefined) return errorLine(message.id, ERRORS.methodNotFound);
        try {
          return handler(message.id, message.params, scope);
        } catch (error) {
          this.#io.log(`mcp-core: internal error in ${message.method}: ${describe(error)}`);
          return errorLine(message.id, { ...ERRORS.internal, data: describe(error) });
        }
      }
    }
  }

  #batch(items: readonly unknown[], outlet: Outlet): Reply {
    const policy = this.#def.policies.batch;
    if (policy === false || !supportsBatches(this.#version)) return BATCH_REFUSED_LINE;
    if (items.length === 0) return errorLine(null, { ...ERRORS.invalidRequest, data: "an empty batch holds no request" });
    if (items.length > policy.maxMessages) {
      return errorLine(null, { ...ERRORS.invalidRequest, data: `a batch holds at most ${policy.maxMessages} messages` });
    }
    // One budget for the whole batch: its replies together are capped like one result, and crossing it stops the rest.
    const budget = new BatchBudget(this.#def.policies.maxResultLength, outlet.signal);
    const batchOutlet: Outlet = { send: outlet.send, cancelById: outlet.cancelById, signal: budget.signal };
    const replies = items.map((item) => {
      const reply = this.#dispatch(item, false, batchOutlet);
      return reply instanceof Promise ? reply.then((line) => budget.admit(item, line)) : budget.admit(item, reply);
    });
    if (replies.every((r) => !(r instanceof Promise))) return joinBatch(replies as Array<Line | null>);
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

  #listTools(id: RequestId, scope: Scope): string {
    if (scope.modern) return resultLine(id, this.#def.modern.toolsListJson);
    const lists = this.#def.toolsListJson;
    return resultLine(id, scope.structured ? lists.structured : lists.plain);
  }

  #callTool(id: RequestId, params: unknown, scope: Scope): Reply {
    if (!isObject(params)) return invalidParams(id, "`tools/call` needs a params object with a tool `name`");
    const name = params.name;
    if (typeof name !== "string") return invalidParams(id, "`tools/call` needs a string `name`");
    const args = params.arguments;
    if (args !== undefined && args !== null && !isObject(args)) return invalidParams(id, "`arguments` must be an object");
    const row = this.#def.toolsByName.get(name);
    if (row === undefined) return invalidParams(id, `Unknown tool: ${name}`);

    const raw = (args ?? {}) as Record<string, unknown>;
    let checked: Validation<unknown>;
    try {
      checked = row.validate(raw);
    } catch (error) {
      // A crashing validator is the server's fault, yet the client still gets a result, not -32603.
      return this.#resultLine(id, errorResult(`Tool \`${row.name}\` failed while checking its arguments: ${describe(error)}`), scope);
    }
    if (!checked.ok) return this.#refuseArguments(id, row, checked.message, scope);
    const value = checked.value;

    const call = this.#register(id, scope.outlet);
    const ctx = new CallContext(call, progressTokenOf(params), scope.outlet.send, scope.version, scope.structured, id, scope.logRank);
    const reply =
      row.queue === undefined
        ? runTool(row, value, ctx)
        : this.#queues.run<ToolResult | undefined>(row.queue, () => call.cancelled, () => runTool(row, value, ctx), undefined);
    return reply.then((result) => {
      this.#unregister(id, call);
      if (call.cancelled || result === undefined) return null;
      return this.#resultLine(id, result, scope);
    });
  }

  #resultLine(id: RequestId, value: unknown, scope: Scope): Line {
    const result = this.#serializeResult(value, scope);
    if (typeof result === "string") return resultLine(id, result);
    // Pieces that are all text are one line of text; only bytes are worth writing as they are.
    if (result.every((piece) => typeof piece === "string")) return resultLine(id, result.join(""));
    return resultLinePieces(JSON.stringify(id), result);
  }

  /**
   * A tool result for the request's era: gated before 2025-06-18, with `resultType` and `serverInfo` from 2026-07-28.
   * A result serialised ahead of time comes back as its pieces, spliced in order.
   */
  #serializeResult(value: unknown, scope: Scope): string | Piece[] {
    const max = this.#def.policies.maxResultLength;
    if (value instanceof PreserializedResult) {
      // Made elsewhere (a worker thread): spliced in, never parsed or walked here; only its length is checked.
      const length = splicedLength(value.parts, scope.structured);
      if (length > max) return this.#serializeResult(tooLongResult(length, max), scope);
      return scope.modern ? spliceResult(value.parts, true, '{"resultType":"complete",', this.#def.modern.resultMetaTail) : spliceResult(value.parts, scope.structured);
    }
    let json: string;
    if (!scope.modern) json = serializeResult(value, scope.structured);
    else {
      const gated = gateResult(value, true);
      const meta = gated._meta === undefined ? this.#def.modern.resultMeta : { ...gated._meta, ...this.#def.modern.resultMeta };
      try {
        json = JSON.stringify({ resultType: "complete", ...gated, _meta: meta });
      } catch (error) {
        json = JSON.stringify({ resultType: "complete", ...errorResult(`the tool's result could not be serialised: ${describe(error)}`), _meta: meta });
      }
    }
    return json.length > max ? this.#serializeResult(tooLongResult(json.length, max), scope) : json;
  }

  #refuseArguments(id: RequestId, row: ToolRow, message: string, scope: Scope): Line {
    const policy = this.#def.policies.invalidArguments;
    if (policy === "json-rpc-error") return invalidParams(id, `Invalid arguments for tool \`${row.name}\`: ${message}`);
    let result: unknown;
    try {
      result = policy(row, message);
    } catch (error) {
      result = errorResult(`Invalid arguments for tool \`${row.name}\`: ${message}`);
      this.#io.log(`mcp-core: invalidArguments policy threw: ${describe(error)}`);
    }
    return this.#resultLine(id, result, scope);
  }

  #readResource(id: RequestId, params: unknown, scope: Scope): Reply {
    const uri = isObject(params) ? params.uri : undefined;
    if (typeof uri !== "string") return invalidParams(id, "`resources/read` needs a string `uri`");
    const row = this.#def.resourcesByUri.get(uri);
    if (row === undefined) {
      // 2026-07-28 renumbered "resource not found" to Invalid params.
      const code = scope.modern ? ERRORS.invalidParams.code : ERRORS.resourceNotFound.code;
      return errorLine(id, { code, message: `Resource not found: ${uri}`, data: { uri } });
    }
    const call = this.#register(id, scope.outlet);
    const ctx = { get signal() { return call.signal; }, protocolVersion: scope.version, uri };
    const modern = this.#def.modern;
    return (async (): Promise<string | null> => {
      try {
        const content = await row.read(ctx);
        if (call.cancelled) return null;
        const contents = '{"contents":[' + JSON.stringify(resourceContents(uri, row.mimeType, content, row._meta));
        // Contents may change between reads: fresh every time, and per client.
        return resultLine(id, scope.modern ? contents + '],"resultType":"complete","ttlMs":0,"cacheScope":"private"' + modern.resultMetaTail : contents + "]}");
      } catch (error) {
        return call.cancelled ? null : errorLine(id, { ...ERRORS.internal, message: `Reading ${uri} failed: ${describe(error)}` });
      } finally {
        this.#unregister(id, call);
      }
    })();
  }

  #register(id: RequestId, outlet: Outlet): LiveCall {
    const call = new LiveCall();
    this.#live.add(call);
    if (outlet.cancelById && (typeof id === "string" || typeof id === "number")) this.#calls.set(id, call);
    const signal = outlet.signal;
    if (signal !== undefined) {
      if (signal.aborted) call.cancel("the client closed the stream");
      else signal.addEventListener("abort", () => call.cancel("the client closed the stream"), { once: true });
    }
    return call;
  }

  #unregister(id: RequestId, call: LiveCall): void {
    call.done = true;
    this.#live.delete(call);
    if ((typeof id === "string" || typeof id === "number") && this.#calls.get(id) === call) this.#calls.delete(id);
  }
}

const LEGACY_ERA = { kind: "legacy" } as const;

async function runTool(row: ToolRow, args: unknown, ctx: ToolContext): Promise<ToolResult> {
  try {
    return await row.run(args, ctx);
  } catch (error) {
    return errorResult(`Tool \`${row.name}\` failed: ${describe(error)}`);
  }
}

/** The result sent instead of one longer than `policies.maxResultLength`. */
function tooLongResult(length: number, max: number): ToolResult {
  const mib = (n: number) => `${Math.ceil(n / 1048576)} MiB`;
  return errorResult(`the tool's result takes ${mib(length)} of JSON, over this server's ${mib(max)} bound on one result; ask for less (fewer items, one step at a time)`);
}

function serializeResult(value: unknown, structured: boolean): string {
  try {
    return JSON.stringify(gateResult(value, structured));
  } catch (error) {
    return JSON.stringify(errorResult(`the tool's result could not be serialised: ${describe(error)}`));
  }
}

function resourceContents(uri: string, mimeType: string, content: ResourceContent, meta: Record<string, unknown> | undefined): object {
  const extra = meta === undefined ? {} : { _meta: meta };
  if ("json" in content) return { uri, mimeType, text: JSON.stringify(content.json) ?? "null", ...extra };
  if ("blob" in content) return { uri, mimeType, blob: Buffer.from(content.blob.buffer, content.blob.byteOffset, content.blob.byteLength).toString("base64"), ...extra };
  return { uri, mimeType, text: content.text, ...extra };
}

/**
 * The reply budget of one batch. Each reply is charged as it completes; the one that crosses the bound is
 * replaced by an error naming it, the batch's calls still running or queued are cancelled (their signal
 * aborts, queued ones never start) and each is answered with the same error instead of its result.
 */
class BatchBudget {
  readonly #max: number;
  readonly #controller = new AbortController();
  #used = 0;
  #over = false;

  constructor(max: number, outer: AbortSignal | undefined) {
    this.#max = max;
    if (outer !== undefined) {
      if (outer.aborted) this.#controller.abort();
      else outer.addEventListener("abort", () => this.#controller.abort(), { once: true });
    }
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  admit(item: unknown, line: Line | null): Line | null {
    const request = classify(item);
    if (request.kind !== "request") return line;
    if (line === null) return this.#over ? this.#refusal(request.id, request.method) : null;
    if (this.#over) return this.#refusal(request.id, request.method);
    this.#used += typeof line === "string" ? line.length : line.byteLength();
    if (this.#used <= this.#max) return line;
    this.#over = true;
    this.#controller.abort();
    return this.#refusal(request.id, request.method);
  }

  #refusal(id: RequestId, method: string): string {
    const text = `this batch's replies together passed this server's bound on one reply (${this.#max} characters of JSON); ` +
      "the rest of the batch was stopped: send fewer calls per batch, or ask each call for less";
    // A tool call's failure is a result (never a protocol error); anything else is an Invalid Request naming the bound.
    return method === "tools/call" ? resultLine(id, JSON.stringify(errorResult(text))) : errorLine(id, { ...ERRORS.invalidRequest, data: text });
  }
}

function joinBatch(replies: ReadonlyArray<Line | null>): Line | null {
  const lines = replies.filter((r): r is Line => r !== null);
  return lines.length === 0 ? null : joinLines(lines);
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
