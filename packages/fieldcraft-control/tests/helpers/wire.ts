// Raw socket helpers: speak the wire protocol by hand, the way a hostile or naive peer would.
import { connect, type Socket } from "node:net";

export interface RawPeer {
  socket: Socket;
  send(text: string): void;
  /** Next complete line, parsed as JSON (rejects if the socket closes first or after `ms`). */
  next(ms?: number): Promise<Record<string, unknown>>;
  /** Resolves when the server has closed the connection. */
  closed(ms?: number): Promise<void>;
}

export async function rawConnect(port: number, host = "127.0.0.1"): Promise<RawPeer> {
  const socket = connect({ host, port });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("error", reject);
  });
  let buffer = "";
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  socket.on("data", (d) => {
    buffer += d.toString("utf8");
    let nl: number;
    while ((nl = buffer.indexOf("\n")) !== -1) {
      lines.push(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
    }
    waiters.splice(0).forEach((w) => w());
  });
  socket.on("error", () => {});
  socket.on("close", () => {
    ended = true;
    waiters.splice(0).forEach((w) => w());
  });
  const wait = (ms: number, done: () => boolean, what: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      const check = () => {
        if (done()) {
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return {
    socket,
    send: (text) => socket.write(text),
    next: async (ms = 20_000) => {
      await wait(ms, () => lines.length > 0 || ended, "a line");
      const line = lines.shift();
      if (line === undefined) throw new Error("the connection closed before a line arrived");
      return JSON.parse(line);
    },
    closed: (ms = 20_000) => wait(ms, () => ended, "the connection to close"),
  };
}
