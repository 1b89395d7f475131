import { spawn, type ChildProcess } from "node:child_process";

/** A JSON-RPC message as read from a server's stdout (loosely typed: tests inspect it). */
export interface RpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: string;
  params?: any;
  result?: any;
  error?: { code: number; message: string; data?: unknown };
}

export interface SpawnSpec {
  /** The executable; run directly, never through a shell. */
  readonly command: string;
  readonly args?: readonly string[];
  /** Environment for the child (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

interface Waiter {
  readonly match: (message: unknown) => boolean;
  readonly resolve: (message: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * Drives any stdio server by raw lines: sends exact bytes (including ones no SDK client can
 * send), records every stdout line, and flags any stdout line that is not a JSON-RPC message.
 */
export class RawDriver {
  readonly child: ChildProcess;
  /** Every stdout line as written (without its newline), in order. */
  readonly lines: string[] = [];
  /** Every message read from stdout, in order (a batch reply is one array entry). */
  readonly messages: unknown[] = [];
  /** Server-to-client notifications (messages with a method and no id). */
  readonly notifications: RpcMessage[] = [];
  /** Stdout lines that are not JSON-RPC messages: each one breaks stdout discipline. */
  readonly violations: string[] = [];
  /** Resolves when the child has exited. */
  readonly exited: Promise<ExitStatus>;

  #stderr = "";
  /** The current unfinished line, in pieces. */
  #stdoutParts: string[] = [];
  #cursor = 0;
  #taken = new Set<unknown>();
  #raw = new WeakMap<object, string>();
  #nextId = 1;
  #waiters = new Set<Waiter>();
  #exit: ExitStatus | undefined;

  private constructor(child: ChildProcess) {
    this.child = child;
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (text: string) => this.#onStdout(text));
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      this.#stderr += text;
    });
    // A server that exits early must not crash the test with EPIPE; the write simply goes nowhere.
    child.stdin!.on("error", () => {});
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.#exit = { code, signal };
        resolve(this.#exit);
      });
    });
    void this.exited.then(() => {
      child.stdout!.once("end", () => this.#failWaiters());
      if (child.stdout!.readableEnded) this.#failWaiters();
    });
  }

  /** Spawns a server (no shell). */
  static spawn(spec: SpawnSpec): RawDriver {
    const child = spawn(spec.command, [...(spec.args ?? [])], {
      cwd: spec.cwd,
      env: spec.env ?? process.env,
      stdio: ["pipe", "pipe", "pipe"],
      shell: false,
      windowsHide: true,
    });
    return new RawDriver(child);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Everything the server wrote to stderr so far. */
  get stderr(): string {
    return this.#stderr;
  }

  /** The exit status, once exited. */
  get exitStatus(): ExitStatus | undefined {
    return this.#exit;
  }

  /** The exact stdout line a parsed message came from (to check compactness and member order). */
  rawOf(message: unknown): string | undefined {
    return typeof message === "object" && message !== null ? this.#raw.get(message) : undefined;
  }

  /** Sends one line: a string gets a `\n` unless it ends with one; bytes are written verbatim. */
  send(line: string | Uint8Array): void {
    const stdin = this.child.stdin!;
    if (typeof line === "string") stdin.write(line.endsWith("\n") ? line : line + "\n");
    else stdin.write(line);
  }

  /** Writes raw bytes, waiting for the pipe to drain (for streaming large input). */
  write(chunk: string | Uint8Array): Promise<void> {
    const stdin = this.child.stdin!;
    return new Promise((resolve, reject) => {
      if (stdin.destroyed) return reject(new Error("server stdin is closed"));
      const ok = stdin.write(chunk, (error) => (error ? reject(error) : undefined));
      if (ok) resolve();
      else {
        const onDrain = (): void => {
          stdin.off("close", onClose);
          resolve();
        };
        const onClose = (): void => {
          stdin.off("drain", onDrain);
          reject(new Error("server stdin closed while writing"));
        };
        stdin.once("drain", onDrain);
        stdin.once("close", onClose);
      }
    });
  }

  /** Sends a request object (an `id` is assigned when absent) and resolves with its reply. */
  request(message: { method: string; params?: unknown; id?: unknown; jsonrpc?: string }, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RpcMessage> {
    const id = "id" in message ? message.id : this.#nextId++;
    this.send(JSON.stringify({ jsonrpc: "2.0", ...message, id }));
    return this.waitFor(id, timeoutMs);
  }

  /** Sends a notification (no id). */
  notify(method: string, params?: unknown): void {
    this.send(JSON.stringify(params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params }));
  }

  /** `initialize` (with `protocolVersion` when given) then `notifications/initialized`; resolves with the reply. */
  async initialize(protocolVersion?: string, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RpcMessage> {
    const params: Record<string, unknown> = { capabilities: {}, clientInfo: { name: "mcp-core-raw-driver", version: "0" } };
    if (protocolVersion !== undefined) params.protocolVersion = protocolVersion;
    const reply = await this.request({ method: "initialize", params }, timeoutMs);
    this.notify("notifications/initialized");
    return reply;
  }

  /** The next message, in arrival order, not already taken by `next()` or `waitFor()`. */
  next(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<unknown> {
    for (let i = this.#cursor; i < this.messages.length; i++) {
      const message = this.messages[i];
      if (!this.#taken.has(message)) {
        this.#cursor = i + 1;
        return Promise.resolve(this.#take(message));
      }
    }
    this.#cursor = this.messages.length;
    return this.#wait((m) => !this.#taken.has(m), timeoutMs, "the next message").then((m) => {
      this.#cursor = this.messages.indexOf(m) + 1;
      return m;
    });
  }

  /** The reply whose id equals `id` (same JSON type), already received or still to come. */
  waitFor(id: unknown, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RpcMessage> {
    return this.waitForMessage((m) => isReplyTo(m, id), timeoutMs, `the reply to id ${JSON.stringify(id)}`) as Promise<RpcMessage>;
  }

  /** The first message not yet taken (received or to come) matching `match`; it is taken. */
  waitForMessage(match: (message: unknown) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS, what = "a matching message"): Promise<unknown> {
    const found = this.messages.find((m) => !this.#taken.has(m) && match(m));
    if (found !== undefined) return Promise.resolve(this.#take(found));
    return this.#wait((m) => !this.#taken.has(m) && match(m), timeoutMs, what);
  }

  #take(message: unknown): unknown {
    this.#taken.add(message);
    return message;
  }

  /** Closes stdin (EOF for the server). */
  endInput(): void {
    this.child.stdin!.end();
  }

  /** Waits for the exit, failing after `timeoutMs`. */
  waitExit(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<ExitStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`server did not exit within ${timeoutMs} ms${this.#stderrNote()}`)), timeoutMs);
    });
    return Promise.race([this.exited, timeout]).finally(() => clearTimeout(timer));
  }

  /** Sends a signal to the server process. */
  kill(signal: NodeJS.Signals = "SIGTERM"): void {
    if (this.#exit === undefined) this.child.kill(signal);
  }

  /** Ends stdin, waits up to `graceMs` for the exit, then kills; resolves with the exit status. */
  async close(graceMs = 5_000): Promise<ExitStatus> {
    if (this.#exit !== undefined) return this.#exit;
    this.endInput();
    try {
      return await this.waitExit(graceMs);
    } catch {
      this.child.kill("SIGKILL");
      return this.exited;
    }
  }

  #onStdout(text: string): void {
    // Only the new chunk is searched for a newline: re-splitting the whole tail made a long reply line
    // quadratic here (a 38 MB line took the driver a minute, delaying the lines behind it).
    const nl = text.indexOf("\n");
    if (nl < 0) {
      this.#stdoutParts.push(text);
      return;
    }
    this.#stdoutParts.push(text.slice(0, nl));
    const first = this.#stdoutParts.join("");
    const rest = text.slice(nl + 1).split("\n");
    this.#stdoutParts = [rest.pop()!];
    this.#onLine(first);
    for (const line of rest) this.#onLine(line);
  }

  #onLine(line: string): void {
    this.lines.push(line);
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.violations.push(line);
      return;
    }
    if (!isRpcMessage(message)) this.violations.push(line);
    this.messages.push(message);
    if (typeof message === "object" && message !== null) this.#raw.set(message, line);
    if (isObject(message) && typeof message.method === "string" && !("id" in message)) this.notifications.push(message as RpcMessage);
    for (const waiter of [...this.#waiters]) {
      if (waiter.match(message)) {
        this.#waiters.delete(waiter);
        clearTimeout(waiter.timer);
        this.#taken.add(message);
        waiter.resolve(message);
      }
    }
  }

  #wait(match: (m: unknown) => boolean, timeoutMs: number, what: string): Promise<unknown> {
    if (this.#exit !== undefined && this.child.stdout!.readableEnded) {
      return Promise.reject(new Error(`server exited (${describeExit(this.#exit)}) before ${what}${this.#stderrNote()}`));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.#waiters.delete(waiter);
          reject(new Error(`no ${what} within ${timeoutMs} ms${this.#stderrNote()}`));
        }, timeoutMs),
      };
      this.#waiters.add(waiter);
    });
  }

  #failWaiters(): void {
    const tail = this.#stdoutParts.join("");
    if (tail.length > 0) {
      this.#onLine(tail);
      this.#stdoutParts = [];
    }
    for (const waiter of this.#waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`server exited (${describeExit(this.#exit!)}) before the awaited message${this.#stderrNote()}`));
    }
    this.#waiters.clear();
  }

  #stderrNote(): string {
    const tail = this.#stderr.trim().slice(-2000);
    return tail.length > 0 ? `; server stderr:\n${tail}` : "";
  }
}

/** Whether `message` is a reply (not a request/notification) to `id`, ids compared with their JSON type. */
export function isReplyTo(message: unknown, id: unknown): boolean {
  return isObject(message) && "id" in message && !("method" in message) && sameId(message.id, id);
}

function sameId(a: unknown, b: unknown): boolean {
  return typeof a === typeof b && (a === b || JSON.stringify(a) === JSON.stringify(b));
}

function isRpcMessage(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0 && value.every(isRpcMessage);
  return isObject(value) && value.jsonrpc === "2.0" && ("method" in value || "result" in value || "error" in value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function describeExit(status: ExitStatus): string {
  return status.signal !== null ? `signal ${status.signal}` : `code ${status.code}`;
}
