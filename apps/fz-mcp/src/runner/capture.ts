/**
 * What is kept of one output stream, whatever its size: a head from its first non-whitespace byte
 * (for the excerpt of a no-JSON refusal, which is the trimmed start of the stream) and, for stdout,
 * a tail holding the last line (the envelope). Memory stays at `headMax + tailMax` plus one chunk,
 * so 250 MB of prose on stdout costs no more than a short answer.
 */
export class BoundedCapture {
  readonly #headMax: number;
  readonly #tailMax: number;
  readonly #head: Buffer[] = [];
  #headBytes = 0;
  #started = false;
  #tail: Buffer[] = [];
  #tailBytes = 0;
  #total = 0;

  constructor(headMax: number, tailMax: number) {
    this.#headMax = headMax;
    this.#tailMax = tailMax;
  }

  /** Bytes seen in all. */
  get total(): number {
    return this.#total;
  }

  push(chunk: Buffer): void {
    this.#total += chunk.length;
    this.#takeHead(chunk);
    if (this.#tailMax === 0) return;
    this.#tail.push(chunk);
    this.#tailBytes += chunk.length;
    // Drop whole chunks from the front while what is left still covers the bound.
    while (this.#tail.length > 1 && this.#tailBytes - this.#tail[0]!.length >= this.#tailMax) {
      this.#tailBytes -= this.#tail.shift()!.length;
    }
  }

  /** The stream from its first non-whitespace byte, at most `headMax` bytes (lossy UTF-8). */
  head(): string {
    return Buffer.concat(this.#head, this.#headBytes).toString("utf8");
  }

  /**
   * The stream's end: all of it when it fit, else its last `tailMax` bytes without the line cut at
   * the front (that line, an envelope longer than the bound included, is not whole and never parses).
   */
  tail(): string {
    const joined = Buffer.concat(this.#tail, this.#tailBytes);
    if (this.#total <= this.#tailMax) return joined.toString("utf8");
    const kept = joined.subarray(joined.length - this.#tailMax);
    const newline = kept.indexOf(0x0a);
    return newline === -1 ? "" : kept.subarray(newline + 1).toString("utf8");
  }

  #takeHead(chunk: Buffer): void {
    if (this.#headBytes >= this.#headMax) return;
    let from = 0;
    if (!this.#started) {
      while (from < chunk.length && isAsciiWhitespace(chunk[from]!)) from++;
      if (from === chunk.length) return;
      this.#started = true;
    }
    const take = Math.min(chunk.length - from, this.#headMax - this.#headBytes);
    // A copy: the head must not keep a whole pipe chunk alive.
    this.#head.push(Buffer.from(chunk.subarray(from, from + take)));
    this.#headBytes += take;
  }
}

function isAsciiWhitespace(byte: number): boolean {
  return byte === 0x20 || (byte >= 0x09 && byte <= 0x0d);
}
