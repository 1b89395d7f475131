// The kernel heap's bookkeeping, apart from its memory: regions handed out from a free list (first fit,
// neighbours merged) or from the top, and which of them may hold old values (so the heap clears them:
// views must start zeroed, like a new SharedArrayBuffer's).

export interface Taken {
  offset: number;
  /** The region held values before (a freed region, or below a top that came down). */
  clear: boolean;
}

export class Regions {
  /** Bytes handed out from the start (free regions below it are in `free`). */
  top = 0;
  /** Bytes below this were written once: a region from the top below it must be cleared too. */
  dirtyTop = 0;
  live = 0;
  /** Free regions below top, sorted by offset, neighbours merged. */
  readonly free: { offset: number; bytes: number }[] = [];

  /** `bytes` from the first free region that holds them, else from the top when `room(end)` allows. */
  take(bytes: number, room: (end: number) => boolean): Taken | null {
    const i = this.free.findIndex((f) => f.bytes >= bytes);
    if (i >= 0) {
      const f = this.free[i];
      const offset = f.offset;
      if (f.bytes === bytes) this.free.splice(i, 1);
      else {
        f.offset += bytes;
        f.bytes -= bytes;
      }
      this.live++;
      return { offset, clear: true };
    }
    const end = this.top + bytes;
    if (!room(end)) return null;
    const offset = this.top;
    this.top = end;
    this.live++;
    return { offset, clear: offset < this.dirtyTop };
  }

  give(offset: number, bytes: number): void {
    this.live--;
    let i = 0;
    while (i < this.free.length && this.free[i].offset < offset) i++;
    this.free.splice(i, 0, { offset, bytes });
    if (i + 1 < this.free.length && offset + bytes === this.free[i + 1].offset) {
      this.free[i].bytes += this.free[i + 1].bytes;
      this.free.splice(i + 1, 1);
    }
    if (i > 0 && this.free[i - 1].offset + this.free[i - 1].bytes === offset) {
      this.free[i - 1].bytes += this.free[i].bytes;
      this.free.splice(i, 1);
    }
    // A free region ending at the top lowers the top.
    const last = this.free[this.free.length - 1];
    if (last && last.offset + last.bytes === this.top) {
      this.dirtyTop = Math.max(this.dirtyTop, this.top);
      this.top = last.offset;
      this.free.pop();
    }
  }
}
