import { spawn, type ChildProcess } from "node:child_process";

export interface HttpSpawnSpec {
  readonly command: string;
  readonly args?: readonly string[];
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** How long to wait for the `listening on http://…` line on stderr (default 20 s). */
  readonly startMs?: number;
}

/**
 * A server binary started in HTTP mode (no shell). Resolves once its stderr says
 * `listening on <url>`; `url` is then the MCP endpoint. stdout must stay silent in HTTP mode.
 */
export class HttpServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** The bearer token the server generated and told on stderr (`HTTP bearer token …`); undefined when it was given one or none. */
  readonly token: string | undefined;
  #stderr: string[];
  #stdout: string[];

  private constructor(child: ChildProcess, url: string, token: string | undefined, stderr: string[], stdout: string[]) {
    this.child = child;
    this.url = url;
    this.token = token;
    this.#stderr = stderr;
    this.#stdout = stdout;
  }

  static spawn(spec: HttpSpawnSpec): Promise<HttpServerProcess> {
    const child = spawn(spec.command, [...(spec.args ?? [])], {
      env: spec.env ?? process.env, cwd: spec.cwd, stdio: ["ignore", "pipe", "pipe"], shell: false,
    });
    const stderr: string[] = [];
    const stdout: string[] = [];
    child.stdout!.setEncoding("utf8").on("data", (t: string) => stdout.push(t));
    return new Promise((resolve, reject) => {
      let text = "";
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`no "listening on" line within ${spec.startMs ?? 20_000} ms; stderr: ${text}`));
      }, spec.startMs ?? 20_000);
      child.stderr!.setEncoding("utf8").on("data", (t: string) => {
        stderr.push(t);
        text += t;
        const m = /listening on (http:\/\/\S+)/.exec(text);
        if (m !== null) {
          clearTimeout(timer);
          resolve(new HttpServerProcess(child, m[1]!, /HTTP bearer token (\S+)/.exec(text)?.[1], stderr, stdout));
        }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening; stderr: ${text}`));
      });
    });
  }

  /** `{ Authorization: "Bearer <token>" }` for the generated token, else `{}`. */
  get authHeaders(): Record<string, string> {
    return this.token === undefined ? {} : { Authorization: `Bearer ${this.token}` };
  }

  get stderr(): string {
    return this.#stderr.join("");
  }

  /** Whatever the server wrote to stdout (nothing, for a well-behaved server in HTTP mode). */
  get stdout(): string {
    return this.#stdout.join("");
  }

  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit code or signal. */
  stop(graceMs = 5_000): Promise<number | string> {
    const child = this.child;
    if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode!);
    return new Promise((resolve) => {
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        resolve(code ?? signal ?? "unknown");
      });
      child.kill("SIGTERM");
    });
  }
}
