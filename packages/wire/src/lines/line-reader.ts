/**
 * Splits a byte stream into newline-delimited lines with a byte limit per line.
 *
 * A line longer than the limit is discarded as it streams in (its bytes are never kept), and
 * reported once as `too-large` when its end arrives, so memory stays bounded by the limit and the
 * next line starts cleanly. A reader that closes on overflow need not wait for that end:
 * `discarding` says as soon as the limit is crossed.
 */

export type LineEvent =
  | { readonly kind: "line"; readonly bytes: Buffer }
  | { readonly kind: "too-large"; readonly bytes: number };

const NEWLINE = 0x0a;

export class LineReader {
  readonly #maxLineBytes: number;
  /** Pieces of the current (unfinished) line; empty while discarding. */
  #pieces: Buffer[] = [];
  #pending = 0;
  /** Bytes of an over-long line seen so far; -1 when not discarding. */
  #discarded = -1;

  constructor(maxLineBytes: number) {
    this.#maxLineBytes = maxLineBytes;
  }

  get maxLineBytes(): number {
    return this.#maxLineBytes;
  }

  /** Bytes of the current line when it is already over the limit (being discarded), else `null`. */
  get discarding(): number | null {
    return this.#discarded >= 0 ? this.#discarded : null;
  }

  /** Feeds one chunk; calls `emit` for every line completed by it, in order. */
  push(chunk: Buffer, emit: (event: LineEvent) => void): void {
    let start = 0;
    const end = chunk.length;
    while (start < end) {
      const nl = chunk.indexOf(NEWLINE, start);
      const stop = nl === -1 ? end : nl;
      this.#take(chunk, start, stop);
      if (nl === -1) return;
      this.#finish(emit);
      start = nl + 1;
    }
  }

  /** Ends the stream: a final line without a newline is still a line (an empty tail is not). */
  end(emit: (event: LineEvent) => void): void {
    if (this.#pending > 0 || this.#discarded >= 0) this.#finish(emit);
  }

  #take(chunk: Buffer, start: number, stop: number): void {
    const length = stop - start;
    if (length === 0) return;
    if (this.#discarded >= 0) {
      this.#discarded += length;
      return;
    }
    if (this.#pending + length > this.#maxLineBytes) {
      this.#discarded = this.#pending + length;
      this.#pieces = [];
      this.#pending = 0;
      return;
    }
    // A view, not a copy: the chunk is kept alive only until the line completes.
    this.#pieces.push(start === 0 && stop === chunk.length ? chunk : chunk.subarray(start, stop));
    this.#pending += length;
  }

  #finish(emit: (event: LineEvent) => void): void {
    if (this.#discarded >= 0) {
      const bytes = this.#discarded;
      this.#discarded = -1;
      emit({ kind: "too-large", bytes });
      return;
    }
    const pieces = this.#pieces;
    const bytes = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, this.#pending);
    this.#pieces = [];
    this.#pending = 0;
    emit({ kind: "line", bytes: bytes ?? Buffer.alloc(0) });
  }
}
