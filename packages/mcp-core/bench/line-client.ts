import { spawn, type ChildProcess } from "node:child_process";

/** A lean JSON-RPC line client for benchmarks: pending requests in a Map, nothing retained. */
export class LineClient {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, (line: string) => void>();
  #tail = "";
  #nextId = 1;

  constructor(command: string, args: readonly string[]) {
    this.#child = spawn(command, [...args], { stdio: ["pipe", "pipe", "inherit"], shell: false });
    this.#child.stdout!.setEncoding("utf8");
    this.#child.stdout!.on("data", (text: string) => this.#onData(text));
  }

  /** Sends one request; resolves with the raw reply line. */
  request(method: string, params?: unknown): Promise<string> {
    const id = this.#nextId++;
    const line = params === undefined
      ? `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)}}\n`
      : `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}\n`;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.#child.stdin!.write(line);
    });
  }

  notify(method: string): void {
    this.#child.stdin!.write(`{"jsonrpc":"2.0","method":${JSON.stringify(method)}}\n`);
  }

  async close(): Promise<void> {
    this.#child.stdin!.end();
    await new Promise((resolve) => this.#child.once("exit", resolve));
  }

  #onData(text: string): void {
    const lines = (this.#tail + text).split("\n");
    this.#tail = lines.pop()!;
    for (const line of lines) {
      const m = /"id":(\d+)/.exec(line);
      if (m === null) continue;
      const id = Number(m[1]);
      const resolve = this.#pending.get(id);
      if (resolve !== undefined) {
        this.#pending.delete(id);
        resolve(line);
      }
    }
  }
}
