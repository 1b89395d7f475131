// A bare control-channel peer on a real loopback socket: request lines out, reply frames in, each stamped with
// when it arrived (before anything else parses it), so a test can time a reply to the frame.
import { connect, type Socket } from "node:net";

export interface Frame {
  id?: string | number | null;
  ok?: boolean;
  result?: any;
  error?: string;
  details?: Record<string, unknown>;
  /** performance.now() when the frame's line arrived. */
  at: number;
}

export class RawChannel {
  readonly frames: Frame[] = [];
  private carry = "";
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on("data", (chunk: Buffer) => {
      const at = performance.now();
      const lines = (this.carry + chunk.toString("utf8")).split("\n");
      this.carry = lines.pop()!;
      for (const line of lines) if (line.trim()) this.frames.push({ ...JSON.parse(line), at });
      for (const wake of this.waiters) wake();
    });
    socket.on("error", () => undefined);
  }

  static async open(port: number, token: string | null): Promise<RawChannel> {
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host: "127.0.0.1", port }, () => resolve(s));
      s.once("error", reject);
    });
    const channel = new RawChannel(socket);
    if (token !== null) {
      channel.send("auth", "auth", { token });
      const reply = await channel.reply("auth", 10_000);
      if (!reply.ok) throw new Error(`auth: ${reply.error}`);
    }
    return channel;
  }

  /** Writes one request line and returns when it was written. */
  send(id: string, method: string, params: Record<string, unknown> = {}): number {
    this.socket.write(JSON.stringify({ id, method, params }) + "\n");
    return performance.now();
  }

  has(id: string): boolean {
    return this.frames.some((f) => f.id === id && f.ok !== undefined);
  }

  /** The reply frame to `id` (progress frames skipped), waiting up to `ms`. */
  async reply(id: string, ms = 120_000): Promise<Frame> {
    const deadline = performance.now() + ms;
    for (;;) {
      const found = this.frames.find((f) => f.id === id && f.ok !== undefined);
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no reply to ${id} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        const waiters = this.waiters;
        waiters.add(done);
      });
    }
  }

  async call(id: string, method: string, params: Record<string, unknown> = {}, ms = 120_000): Promise<Frame & { sent: number }> {
    const sent = this.send(id, method, params);
    return { ...(await this.reply(id, ms)), sent };
  }

  close(): void {
    this.socket.destroy();
  }
}
