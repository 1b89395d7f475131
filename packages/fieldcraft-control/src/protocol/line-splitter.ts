// Splits a byte stream into lines without ever holding more than the line limit: a line that grows
// past it is reported once as too large instead of being buffered.
export type LineEvent = { kind: "line"; line: string } | { kind: "too_large"; bytes: number };

export class LineSplitter {
  private chunks: Buffer[] = [];
  private size = 0;
  private overflowed = false;

  constructor(private readonly maxLineBytes: number) {}

  /** Feeds bytes; returns the complete lines (and at most one overflow) they finish. */
  push(data: Buffer): LineEvent[] {
    const events: LineEvent[] = [];
    let start = 0;
    while (start < data.length) {
      const nl = data.indexOf(10, start);
      const end = nl === -1 ? data.length : nl;
      if (!this.overflowed) {
        const piece = end - start;
        if (this.size + piece > this.maxLineBytes) {
          this.overflowed = true;
          events.push({ kind: "too_large", bytes: this.size + piece });
          this.chunks = [];
          this.size = 0;
        } else if (piece > 0) {
          this.chunks.push(data.subarray(start, end));
          this.size += piece;
        }
      }
      if (nl === -1) break;
      if (!this.overflowed) {
        let line = Buffer.concat(this.chunks, this.size).toString("utf8");
        if (line.endsWith("\r")) line = line.slice(0, -1);
        if (line.trim().length > 0) events.push({ kind: "line", line });
      }
      this.chunks = [];
      this.size = 0;
      this.overflowed = false;
      start = nl + 1;
    }
    return events;
  }
}
