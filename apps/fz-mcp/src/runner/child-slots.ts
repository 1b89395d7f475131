/**
 * A bound on fz children across every client of this process: at most `max` run at once, up to
 * `queueMax` more wait in arrival order, and a call past that is turned away at once (over HTTP
 * each session has its own queue, so without this 200 sessions meant 200 concurrent fz).
 */
export class ChildSlots {
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly max: number,
    readonly queueMax: number,
  ) {}

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * A slot (call the returned release exactly once), "full" when the queue is at its bound, or
   * "cancelled" when `signal` aborted while waiting (the call then never starts).
   */
  acquire(signal?: AbortSignal): Promise<(() => void) | "full" | "cancelled"> {
    if (signal?.aborted) return Promise.resolve("cancelled");
    if (this.#running < this.max) {
      this.#running++;
      return Promise.resolve(this.#release());
    }
    if (this.#waiting.length >= this.queueMax) return Promise.resolve("full");
    return new Promise((resolve) => {
      const turn = (): void => {
        signal?.removeEventListener("abort", onAbort);
        this.#running++;
        resolve(this.#release());
      };
      const onAbort = (): void => {
        const at = this.#waiting.indexOf(turn);
        if (at >= 0) this.#waiting.splice(at, 1);
        resolve("cancelled");
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#waiting.push(turn);
    });
  }

  #release(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running--;
      this.#waiting.shift()?.();
    };
  }
}
