// One client connection: the auth gate, the "only requests are read" rule, the line and idle bounds,
// and the requests it has in flight. Commands go through the server's shared queue.
import type { Socket } from "node:net";
import { LineReader, withoutCarriageReturn } from "@mcp-wrappers/wire";
import { tokensEqual } from "../auth/token.js";
import { CHANNEL_ERRORS, type ChannelErrorCode } from "../protocol/errors.js";
import { channelError, encodeFrame, parseRequestLine, type ControlRequest, type ReplyFrame, type RequestId } from "../protocol/frames.js";
import { publicLimits, type ControlLimits } from "../protocol/limits.js";
import type { CommandOutcome } from "../protocol/session.js";

export interface ConnectionHost {
  token: string | null;
  limits: ControlLimits;
  /** Answers a channel method (`describe`) or runs a command; never throws. */
  dispatch(request: ControlRequest, signal: AbortSignal, progress: ((p: unknown) => void) | null): Promise<CommandOutcome>;
  isKnownMethod(method: string): boolean;
  /** Called once a token is accepted; false when there is no room among authenticated connections. */
  onAuthenticated?(connection: Connection): boolean;
  onClosed(connection: Connection): void;
  log(line: string): void;
}

export class Connection {
  private authenticated: boolean;
  private closing = false;
  private readonly reader: LineReader;
  private readonly inFlight = new Map<RequestId, AbortController>();
  private idleTimer: NodeJS.Timeout | null = null;
  private authTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly host: ConnectionHost,
  ) {
    this.authenticated = host.token === null;
    this.reader = new LineReader(host.limits.maxLineBytes);
    socket.setNoDelay(true);
    socket.on("data", (data: Buffer) => this.onData(data));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => this.onSocketClosed());
    if (!this.authenticated) {
      this.authTimer = setTimeout(() => this.fail("auth_timeout", null), host.limits.authMs);
      this.authTimer.unref();
    }
    this.touch();
  }

  get open(): boolean {
    return !this.closing;
  }

  get isAuthenticated(): boolean {
    return this.authenticated;
  }

  /** Sends one error frame and closes; used by the server to refuse a connection or on shutdown. */
  fail(code: ChannelErrorCode, id: RequestId | null, detail?: string): void {
    if (this.closing) return;
    this.closing = true;
    this.clearTimers();
    this.socket.pause();
    this.socket.removeAllListeners("data");
    const frame = encodeFrame(channelError(code, id, detail));
    this.socket.end(frame, () => this.socket.destroy());
    // A peer that never reads must not keep the socket open.
    setTimeout(() => this.socket.destroy(), 2000).unref();
  }

  private onData(data: Buffer): void {
    this.reader.push(data, (event) => {
      if (this.closing) return;
      this.touch();
      if (event.kind === "too-large") return this.tooLarge(event.bytes);
      const line = withoutCarriageReturn(event.bytes.toString("utf8"));
      if (line.trim().length > 0) this.onLine(line);
    });
    // An over-long line closes the connection at once rather than after its (maybe never sent) end.
    const discarding = this.reader.discarding;
    if (discarding !== null) this.tooLarge(discarding);
  }

  private tooLarge(bytes: number): void {
    this.fail("request_too_large", null, `a line of ${bytes}+ bytes exceeds the limit of ${this.host.limits.maxLineBytes}`);
  }

  private onLine(line: string): void {
    const parsed = parseRequestLine(line);
    if (!parsed.ok) {
      if (CHANNEL_ERRORS[parsed.code].closes) this.fail(parsed.code, parsed.id, parsed.detail);
      else this.send(channelError(parsed.code, parsed.id, parsed.detail));
      return;
    }
    const request = parsed.request;
    if (request.method === "auth") return this.onAuth(request);
    if (!this.authenticated) return this.fail("unauthenticated", request.id);
    if (request.method === "cancel") return this.onCancel(request);
    const id = request.id as RequestId;
    if (this.inFlight.has(id)) return this.send(channelError("duplicate_id", id, String(id)));
    if (this.inFlight.size >= this.host.limits.maxInFlight) {
      return this.send(channelError("too_many_requests", id, `${this.host.limits.maxInFlight} are in flight`));
    }
    if (!this.host.isKnownMethod(request.method)) {
      return this.send(channelError("unknown_method", id, `${request.method} (describe lists the methods)`));
    }
    this.run(id, request);
  }

  private onAuth(request: ControlRequest): void {
    if (this.host.token === null) {
      this.send({ id: request.id, ok: true, result: { authenticated: true, required: false, limits: publicLimits(this.host.limits) } });
      return;
    }
    if (!tokensEqual(this.host.token, request.params.token)) return this.fail("bad_token", request.id);
    if (this.authTimer) clearTimeout(this.authTimer);
    this.authTimer = null;
    if (this.host.onAuthenticated && !this.host.onAuthenticated(this)) {
      return this.fail("too_many_connections", request.id, `${this.host.limits.maxConnections} are open`);
    }
    this.authenticated = true;
    this.send({ id: request.id, ok: true, result: { authenticated: true, required: true, limits: publicLimits(this.host.limits) } });
  }

  private onCancel(request: ControlRequest): void {
    const target = request.params.id;
    const controller = target !== undefined ? this.inFlight.get(target as RequestId) : undefined;
    controller?.abort(new Error("cancelled by the client"));
    if (request.id !== null) this.send({ id: request.id, ok: true, result: { cancelled: controller !== undefined } });
  }

  private run(id: RequestId, request: ControlRequest): void {
    const controller = new AbortController();
    this.inFlight.set(id, controller);
    const progress = request.progress ? (p: unknown) => this.sendRaw(encodeFrame({ id, progress: p as never })) : null;
    this.host
      .dispatch(request, controller.signal, progress)
      .catch((err: unknown): CommandOutcome => ({ ok: false, error: `internal error: ${(err as Error)?.message ?? err}` }))
      .then((outcome) => {
        this.inFlight.delete(id);
        this.send(outcome.ok ? { id, ok: true, result: outcome.result } : { id, ok: false, error: outcome.error, ...(outcome.details ? { details: outcome.details } : {}) });
      });
  }

  private send(frame: ReplyFrame): void {
    let line: string;
    try {
      line = encodeFrame(frame);
    } catch (err) {
      line = encodeFrame(channelError("internal", frame.id, `the reply could not be encoded: ${(err as Error).message}`));
    }
    if (Buffer.byteLength(line) - 1 > this.host.limits.maxLineBytes) {
      const detail = `${Buffer.byteLength(line) - 1} bytes exceed the limit of ${this.host.limits.maxLineBytes}; the command ran, ask for less`;
      line = encodeFrame(channelError("reply_too_large", frame.id, detail));
    }
    this.sendRaw(line);
    this.touch();
  }

  private sendRaw(line: string): void {
    if (this.closing || this.socket.destroyed) return;
    // Replies pile up in memory when the peer does not read them; past the bound the peer is dropped.
    if (this.socket.writableLength + line.length > this.host.limits.maxUnreadBytes) {
      this.closing = true;
      this.socket.destroy();
      return;
    }
    this.socket.write(line);
  }

  /** Restarts the idle clock; an idle connection is one with nothing in flight. */
  private touch(): void {
    if (this.closing) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.inFlight.size > 0) this.touch();
      else this.fail("idle_timeout", null, `no request for ${Math.round(this.host.limits.idleMs / 1000)} s`);
    }, this.host.limits.idleMs);
    this.idleTimer.unref();
  }

  private clearTimers(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    if (this.authTimer) clearTimeout(this.authTimer);
    this.idleTimer = this.authTimer = null;
  }

  private onSocketClosed(): void {
    this.closing = true;
    this.clearTimers();
    // The client is gone: nobody will read these replies, so stop the work (commands are atomic).
    for (const controller of this.inFlight.values()) controller.abort(new Error("the client disconnected"));
    this.host.onClosed(this);
  }
}
