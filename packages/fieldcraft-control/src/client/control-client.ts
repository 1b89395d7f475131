// The client end of the channel: one socket, requests matched to replies by id, stale ids skipped,
// every call bounded in time. A connection that drops fails its calls at once and stays closed.
import { connect as netConnect, type Socket } from "node:net";
import { loopbackHost } from "../net/loopback.js";
import { DEFAULT_LIMITS } from "../protocol/limits.js";
import { LineReader, withoutCarriageReturn } from "@mcp-wrappers/wire";
import type { ProgressUpdate } from "../protocol/session.js";
import { parseDescribeReply, type DescribeReply } from "../protocol/catalogue.js";
import type { CallOutcome } from "./outcome.js";

export interface ControlClientOptions {
  host: string;
  port: number;
  /** The app's token; null when the app runs with `--control-no-auth`. */
  token: string | null;
  connectTimeoutMs?: number;
  /** Longest reply line accepted, in bytes. */
  maxLineBytes?: number;
  /**
   * Keep the connection from reaching the app's idle limit with a `describe` now and then while no call
   * is made (default true): an agent may think for longer than the limit without the app being gone.
   */
  keepAlive?: boolean;
}

export interface CallOptions {
  /** The call fails with `timeout` after this long (default 10 minutes). */
  timeoutMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: ProgressUpdate) => void;
}

interface Pending {
  method: string;
  resolve: (outcome: CallOutcome) => void;
  onProgress?: (progress: ProgressUpdate) => void;
  timer: NodeJS.Timeout;
}

const DEFAULT_CALL_TIMEOUT_MS = 10 * 60 * 1000;

export class ControlClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private closedReason: string | null = null;
  private readonly closeListeners: ((reason: string) => void)[] = [];
  /** Replies whose id was no longer pending (timed out or never sent): skipped, counted for diagnostics. */
  staleReplies = 0;
  private lastSent = Date.now();
  private keepAliveTimer: NodeJS.Timeout | null = null;

  private constructor(
    private readonly socket: Socket,
    readonly endpoint: string,
    maxLineBytes: number,
  ) {
    const reader = new LineReader(maxLineBytes);
    const tooLarge = (bytes: number) => this.shutdown(`a reply of ${bytes}+ bytes exceeded the client's limit of ${maxLineBytes}`);
    socket.on("data", (data: Buffer) => {
      reader.push(data, (event) => {
        if (this.closedReason !== null) return;
        if (event.kind === "too-large") return tooLarge(event.bytes);
        const line = withoutCarriageReturn(event.bytes.toString("utf8"));
        if (line.trim().length > 0) this.onLine(line);
      });
      const discarding = reader.discarding;
      if (discarding !== null && this.closedReason === null) tooLarge(discarding);
    });
    socket.on("error", (err) => this.shutdown(`connection error: ${err.message}`));
    socket.on("close", () => this.shutdown("the connection closed"));
  }

  /** Opens a connection and authenticates; errors say what was tried and why it failed. */
  static async connect(options: ControlClientOptions): Promise<{ ok: true; client: ControlClient } | { ok: false; error: string }> {
    const host = loopbackHost(options.host);
    if (!host.ok) return host;
    const endpoint = host.host.includes(":") ? `[${host.host}]:${options.port}` : `${host.host}:${options.port}`;
    const timeoutMs = options.connectTimeoutMs ?? 5000;
    const socket = await new Promise<Socket | string>((resolve) => {
      const s = netConnect({ host: host.host, port: options.port });
      const timer = setTimeout(() => {
        s.destroy();
        resolve(`no answer within ${timeoutMs} ms`);
      }, timeoutMs);
      s.once("connect", () => {
        clearTimeout(timer);
        s.removeAllListeners("error");
        resolve(s);
      });
      s.once("error", (err: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        resolve(err.code === "ECONNREFUSED" ? "connection refused (is the app running with --control?)" : err.message);
      });
    });
    if (typeof socket === "string") return { ok: false, error: `cannot reach the app at ${endpoint}: ${socket}` };
    socket.setNoDelay(true);
    const client = new ControlClient(socket, endpoint, options.maxLineBytes ?? DEFAULT_LIMITS.maxLineBytes);
    const auth = options.token === null ? await client.call("describe", {}, { timeoutMs }) : await client.call("auth", { token: options.token }, { timeoutMs });
    if (!auth.ok) {
      client.close();
      return { ok: false, error: `the app at ${endpoint} refused the connection: ${auth.error}` };
    }
    const idleMs = Number((auth.result as { limits?: { idle_ms?: unknown } })?.limits?.idle_ms);
    if (options.keepAlive !== false && Number.isFinite(idleMs) && idleMs > 0) client.startKeepAlive(idleMs);
    return { ok: true, client };
  }

  get closed(): boolean {
    return this.closedReason !== null;
  }

  /** Why the connection closed, or null while it is open. */
  get closeReason(): string | null {
    return this.closedReason;
  }

  onClose(listener: (reason: string) => void): void {
    if (this.closedReason !== null) listener(this.closedReason);
    else this.closeListeners.push(listener);
  }

  /** Asks the app what it is (and its catalogue), checked: typed rows or a message naming what is wrong. */
  async describe(options: { catalogue?: boolean; timeoutMs?: number } = {}): Promise<{ ok: true; reply: DescribeReply } | { ok: false; error: string }> {
    const outcome = await this.call("describe", options.catalogue ? { catalogue: true } : {}, { timeoutMs: options.timeoutMs ?? 15_000 });
    if (!outcome.ok) return { ok: false, error: outcome.error };
    return parseDescribeReply(outcome.result);
  }

  /** Sends one request and waits for its reply; never throws, never resends. */
  call(method: string, params: Record<string, unknown> = {}, options: CallOptions = {}): Promise<CallOutcome> {
    if (this.closedReason !== null) {
      return Promise.resolve({ ok: false, failure: "closed", sent: false, error: `the app at ${this.endpoint} is gone (${this.closedReason})` });
    }
    if (options.signal?.aborted) {
      return Promise.resolve({ ok: false, failure: "closed", sent: false, error: `${method} was cancelled before it was sent` });
    }
    const id = this.nextId++;
    const timeoutMs = options.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
    let line: string;
    try {
      line = JSON.stringify({ id, method, params, ...(options.onProgress ? { progress: true } : {}) }) + "\n";
    } catch (err) {
      return Promise.resolve({ ok: false, failure: "closed", sent: false, error: `the parameters of ${method} cannot be sent: ${(err as Error).message}` });
    }
    return new Promise<CallOutcome>((resolve) => {
      const finish = (outcome: CallOutcome) => {
        const entry = this.pending.get(id);
        if (!entry) return;
        clearTimeout(entry.timer);
        this.pending.delete(id);
        options.signal?.removeEventListener("abort", onAbort);
        resolve(outcome);
      };
      const onAbort = () => {
        this.sendCancel(id);
        finish({ ok: false, failure: "cancelled", sent: true, error: `${method} was cancelled; the app was asked to stop it` });
      };
      const timer = setTimeout(() => {
        this.sendCancel(id);
        finish({ ok: false, failure: "timeout", sent: true, error: `no reply to ${method} from the app at ${this.endpoint} within ${Math.round(timeoutMs / 1000)} s` });
      }, timeoutMs);
      this.pending.set(id, { method, resolve: finish, onProgress: options.onProgress, timer });
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.lastSent = Date.now();
      this.socket.write(line);
    });
  }

  private startKeepAlive(idleMs: number): void {
    const every = Math.max(50, Math.floor(idleMs / 3));
    this.keepAliveTimer = setInterval(() => {
      if (this.closedReason === null && this.pending.size === 0 && Date.now() - this.lastSent >= every) {
        void this.call("describe", {}, { timeoutMs: every });
      }
    }, every);
    this.keepAliveTimer.unref();
  }

  /** Closes the connection; calls in flight fail as lost. */
  close(): void {
    this.shutdown("closed by the client");
    this.socket.destroy();
  }

  private sendCancel(id: number): void {
    if (this.closedReason !== null) return;
    this.socket.write(JSON.stringify({ id: this.nextId++, method: "cancel", params: { id } }) + "\n");
  }

  private onLine(line: string): void {
    let frame: Record<string, unknown>;
    try {
      frame = JSON.parse(line);
    } catch {
      this.shutdown("the app sent a line that is not JSON");
      this.socket.destroy();
      return;
    }
    if (typeof frame !== "object" || frame === null) return;
    const entry = typeof frame.id === "number" ? this.pending.get(frame.id) : undefined;
    if (frame.progress !== undefined && frame.ok === undefined) {
      entry?.onProgress?.(frame.progress as ProgressUpdate);
      return;
    }
    if (!entry) {
      // A reply for a call that timed out, or an id-null error frame: an id-null error closes the connection.
      if (frame.id === null && frame.ok === false) this.shutdown(`the app closed the connection: ${String(frame.error)}`);
      else this.staleReplies++;
      return;
    }
    if (frame.ok === true) entry.resolve({ ok: true, result: frame.result });
    else {
      const details = typeof frame.details === "object" && frame.details !== null ? (frame.details as Record<string, unknown>) : undefined;
      entry.resolve({ ok: false, failure: "remote", error: String(frame.error ?? "unknown error"), ...(details ? { details } : {}) });
    }
  }

  private shutdown(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    for (const [, entry] of this.pending) {
      entry.resolve({
        ok: false,
        failure: "lost",
        sent: true,
        error: `the app at ${this.endpoint} went away before replying to ${entry.method} (${reason})`,
      });
    }
    this.pending.clear();
    for (const listener of this.closeListeners.splice(0)) listener(reason);
  }
}
