import type { Writable } from "node:stream";
import type { LinePieces } from "./line-pieces.js";

type WriteFn = (chunk: string | Uint8Array, cb?: (error?: Error | null) => void) => boolean;

/**
 * Writes protocol lines: one `write` per message, text and newline in one string (no Buffer
 * copy, no second call). Replies produced while one input chunk is handled are corked together.
 */
export class LineWriter {
  readonly #out: Writable;
  readonly #write: WriteFn;
  #corked = false;
  #broken = false;
  #issued = 0;
  #done = 0;
  #waiters: Array<() => void> = [];
  /** One shared callback (not a closure per message) counts completed writes. */
  readonly #onWritten = (): void => {
    this.#done++;
    if (this.#done === this.#issued && this.#waiters.length > 0) this.#release();
  };

  constructor(out: Writable, write?: WriteFn) {
    this.#out = out;
    this.#write = write ?? ((chunk, cb) => out.write(chunk, cb));
  }

  get broken(): boolean {
    return this.#broken;
  }

  /** The peer is gone: drop every later write and release whoever waits for a flush. */
  markBroken(): void {
    this.#broken = true;
    this.#release();
  }

  /** Writes one message; `json` is compact JSON without a raw newline. */
  line(json: string): void {
    if (this.#broken) return;
    this.#issued++;
    this.#write(json + "\n", this.#onWritten);
  }

  /**
   * Writes one message given as pieces, one write each and the newline last, corked into one: byte pieces go
   * to the OS as they are, never encoded or copied into a string here.
   */
  pieces(line: LinePieces): void {
    if (this.#broken) return;
    this.cork();
    for (const piece of line.pieces) this.#write(piece);
    this.#issued++;
    this.#write("\n", this.#onWritten);
  }

  /**
   * Groups the writes made until the event loop's check phase into one: the replies to one input
   * chunk, including those of tools that resolve at once (in microtasks), leave in one syscall.
   */
  cork(): void {
    if (this.#corked || this.#broken) return;
    this.#corked = true;
    this.#out.cork();
    setImmediate(this.#uncork);
  }

  readonly #uncork = (): void => {
    if (!this.#corked) return;
    this.#corked = false;
    this.#out.uncork();
  };

  /** Resolves once every line written so far has been handed to the OS (or the peer is gone). */
  flush(): Promise<void> {
    if (this.#broken || this.#done === this.#issued) return Promise.resolve();
    if (this.#corked) this.#uncork();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  #release(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const resolve of waiters) resolve();
  }
}
